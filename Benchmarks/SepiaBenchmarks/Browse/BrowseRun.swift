import Foundation
import SepiaTestSupport

/// One run of the browser benchmark: the binary measured, a scratch folder, the measurements
/// that broke, and what runs outside the benchmark meanwhile.
final class BrowseRun {
    /// The `sepia` binary measured.
    let binary: URL
    /// Where the stats files and standard errors go; removed by the command when done.
    let workFolder: URL
    /// Fewer key presses and no full scroll.
    let quick: Bool
    /// The `--graphics` modes whose key latency is measured too.
    let graphics: [String]
    /// The measurements that broke.
    let broken = BrokenMeasurements()
    /// What an interruption must undo.
    let cleanup = InterruptionCleanup()

    /// A run of `binary`, its files in `workFolder`, with the latency measured again with each
    /// of the `graphics` modes.
    init(binary: URL, workFolder: URL, quick: Bool, graphics: [String] = []) {
        self.binary = binary
        self.workFolder = workFolder
        self.quick = quick
        self.graphics = graphics
    }

    /// What `sepia demo` runs with: 24-bit colours, and a crash report written to standard
    /// error at once (no interactive prompt).
    static let demoEnvironment = ["COLORTERM": "truecolor", "SWIFT_BACKTRACE": "interactive=no,color=no"]

    /// The arguments that run `sepia demo` with `options`.
    func demo(_ options: [String]) -> [String] {
        [binary.path, "demo"] + options
    }

    /// Prints the heading of a measurement (`== 1. Input latency … ==`) and flushes standard
    /// output, so that a report read through a pipe shows where the run is.
    static func printHeading(_ heading: String) {
        print("\n== \(heading) ==")
        fflush(nil)
    }

    /// Runs one measurement; when it breaks, says why, remembers it and returns nil.
    func attempt<Result>(_ label: String, _ measure: () throws -> Result) -> Result? {
        do {
            return try measure()
        } catch {
            broken.add(label)
            broken.warn("\(label) broke: \(error)")
            return nil
        }
    }

    /// Starts `sepia demo --stats-file` with `options` on the unthrottled demo server and
    /// waits up to 60 s for its rows; returns its pane and where its figures will be.
    func startStatsRun(_ label: String, options: [String] = []) throws -> (BrowserPane, URL) {
        let statsFile = workFolder.appendingPathComponent("stats-\(label).json")
        let pane = try BrowserPane(label: label, workFolder: workFolder, cleanup: cleanup)
        try pane.start(demo(["--stats-file", statsFile.path] + options), environment: Self.demoEnvironment)
        guard try pane.waitForScreen(for: 60, until: \.rowsDrawn) != nil else {
            throw EndToEndError("\(label): the first rows were not drawn within 60 s")
        }
        return (pane, statsFile)
    }
}

/// The measurements of a run that broke (as opposed to missing a target): reported at the end,
/// and the benchmark then exits with status 1.
final class BrokenMeasurements {
    /// What broke, in the order it did.
    private(set) var labels: [String] = []

    /// Remembers that `label` broke.
    func add(_ label: String) {
        labels.append(label)
    }

    /// Says `message` on standard error, at once, after what the report printed so far.
    func warn(_ message: String) {
        fflush(nil)
        FileHandle.standardError.write(Data("sepia-bench browse: \(message)\n".utf8))
    }
}
