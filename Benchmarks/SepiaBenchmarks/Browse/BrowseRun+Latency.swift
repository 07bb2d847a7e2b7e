import Foundation

/// The keys' latencies against tmux's own delay (`cat` in raw mode), the browser, and the
/// tutorial's blocking first version (`--naive`).
struct LatencyResults {
    let baseline: LatencyRun
    let normal: LatencyRun
    let naive: LatencyRun
    /// `sepia demo --graphics MODE`, for each mode asked for with `--graphics`.
    let pictureModes: [LatencyRun]
}

extension BrowseRun {
    /// The network of the latency runs: a little latency and a per-response rate limit, so
    /// that downloads and filters are still in flight while the keys are pressed (unthrottled
    /// loopback finishes a screen of photos in a fraction of a second).
    static let latencyNetwork = ["--latency", "100", "--bandwidth", "1000000"]
    /// The targets of `sepia demo`'s key-to-screen latency, in milliseconds.
    static let latencyTargets = (p99: 16.0, max: 50.0)

    /// Presses the same keys against `cat`, `sepia demo` and `sepia demo --naive` and prints
    /// the tables.
    ///
    /// - Throws: when one of the three runs breaks (a crash under the keys is noted instead).
    func measureLatency() throws -> LatencyResults {
        let presses = quick ? 60 : 300, naivePresses = quick ? 12 : 30
        Self.printHeading("1. Input latency: key press -> screen change, through tmux control mode")
        print(
            "sepia demo \(Self.latencyNetwork.joined(separator: " ")) (the demo server delays every response and "
                + "limits each to ~1 MB/s, so downloads and filters run while keys are pressed)")
        let baseline = try KeyLatencyMeasurement.measure(
            LatencyRun(name: "baseline: raw cat", cap: 2, followsRow: false), arguments: ["sh", "-c", "stty raw -echo; exec cat"],
            keys: KeyPlan.keys(count: presses), settleTime: 0, readyTimeout: 90, in: self)
        let normal = try KeyLatencyMeasurement.measure(
            LatencyRun(name: "sepia demo", cap: 2, followsRow: true), arguments: demo(Self.latencyNetwork),
            environment: Self.demoEnvironment, keys: KeyPlan.keys(count: presses), settleTime: 5, readyTimeout: 90, in: self)
        let naive = try KeyLatencyMeasurement.measure(
            LatencyRun(name: "sepia demo --naive", cap: 2, followsRow: true), arguments: demo(Self.latencyNetwork + ["--naive"]),
            environment: Self.demoEnvironment, keys: KeyPlan.keys(count: naivePresses), settleTime: 10, readyTimeout: 180, in: self)
        // tmux drops the pictures' escape sequences, but the app makes and sends them all the same.
        let pictureModes = try graphics.map { mode in
            try KeyLatencyMeasurement.measure(
                LatencyRun(name: "sepia demo --graphics \(mode)", cap: 2, followsRow: true),
                arguments: demo(Self.latencyNetwork + ["--graphics", mode]), environment: Self.demoEnvironment,
                keys: KeyPlan.keys(count: presses), settleTime: 5, readyTimeout: 90, in: self)
        }
        let results = LatencyResults(baseline: baseline, normal: normal, naive: naive, pictureModes: pictureModes)
        results.printTables()
        return results
    }
}
