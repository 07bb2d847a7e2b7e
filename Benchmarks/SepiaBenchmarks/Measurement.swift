import Foundation

/// Times a piece of work over several rounds and reports its throughput.
struct Measurement {
    /// What was measured, as printed.
    let name: String
    /// Seconds each round took, in the order they ran.
    let seconds: [Double]
    /// Megapixels one round processes.
    let megapixels: Double

    /// Runs `work` once to warm up, then `rounds` times, timing each round.
    static func run(_ name: String, megapixels: Double, rounds: Int, _ work: () -> Void) -> Measurement {
        work()
        let clock = ContinuousClock()
        let seconds = (0..<rounds).map { _ in clock.measure(work).seconds }
        return Measurement(name: name, seconds: seconds, megapixels: megapixels)
    }

    /// The median round time.
    var median: Double {
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Megapixels per second at the median round time.
    var megapixelsPerSecond: Double { megapixels / median }

    /// Megapixels per second at the fastest and slowest round.
    var range: (low: Double, high: Double) {
        (megapixels / (seconds.max() ?? median), megapixels / (seconds.min() ?? median))
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
