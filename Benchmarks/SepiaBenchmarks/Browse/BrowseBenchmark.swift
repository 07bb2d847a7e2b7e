import ArgumentParser
import Foundation
import SepiaSystem
import SepiaTestSupport

/// `sepia-bench browse`: the terminal browser (`sepia demo`) measured from outside, through
/// tmux, each figure next to a reference run in the same process.
///
/// Figures, not tests: it prints tables and exits 0 whether or not the targets are met (1 only
/// when a measurement broke or the app crashed). Three measurements:
/// 1. Input latency: key press to the screen's change, timed with a tmux control-mode client
///    while the demo downloads and filters photos; the same keys against `sepia demo --naive`
///    (the tutorial's blocking first version) and against `cat` in raw mode, tmux's own delay.
/// 2. Fling waste: jump to the bottom and back to the top within a second, then read the app's
///    `--stats-file`: work spent on rows never on screen (default prefetch and `--prefetch 0`).
/// 3. Memory: peak resident memory after the first screen, after scrolling ~50 and ~250 rows
///    and after every row, against the demo server alone.
struct BrowseBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "The terminal browser through tmux: key latency, fling waste, memory.",
        discussion: """
            Needs tmux. Every tmux server it starts has a socket of its own and is ended on exit, \
            on errors and on Ctrl-C. A full run takes about 3 minutes, --quick about 1.
            """
    )

    /// One of the three measurements.
    enum Part: String, CaseIterable, ExpressibleByArgument {
        case latency, fling, memory
    }

    @Flag(help: "A short run: fewer key presses, no full scroll.")
    var quick = false

    @Option(help: "The sepia binary to measure (default: the sepia built beside sepia-bench).")
    var binary: String?

    @Option(help: "Run only this measurement (repeatable): latency, fling or memory.")
    var only: [Part] = []

    @Option(
        help: ArgumentHelp(
            "Measure the key latency again with `sepia demo --graphics MODE` (repeatable), e.g. sixel or kitty.",
            discussion: "tmux drops the pictures' escape sequences; the app still makes and writes them."))
    var graphics: [String] = []

    func run() throws {
        signal(SIGPIPE, SIG_IGN)  // a tmux client that ended is an error to report, not a reason to die
        _ = try TmuxSession.findTmux()
        let sepia = try sepiaBinary()
        let workFolder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-bench-browse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workFolder, withIntermediateDirectories: true)
        let browse = BrowseRun(binary: sepia, workFolder: workFolder, quick: quick, graphics: graphics)
        let removeWorkFolder = { _ = try? FileManager.default.removeItem(at: workFolder) }
        let workFolderKey = browse.cleanup.add(removeWorkFolder)
        let trap = browse.cleanup.undoAllWhenInterrupted()
        defer {
            trap.release()
            browse.cleanup.remove(workFolderKey)
            removeWorkFolder()
        }

        print(
            "sepia-bench browse: \(sepia.path), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
                + "load average \(loadAverage()), \(quick ? "quick" : "full") run")
        let started = Date()
        let parts = Set(only.isEmpty ? Part.allCases : only)
        let latency = parts.contains(.latency) ? browse.attempt("latency", browse.measureLatency) : nil
        let flings = parts.contains(.fling) ? browse.measureFling() : []
        let memory = parts.contains(.memory) ? browse.measureMemory() : []
        browse.printSummary(latency: latency, flings: flings, memory: memory)
        let broken = browse.broken.labels
        print(
            String(format: "\n%.0f s; ", Date().timeIntervalSince(started)) + "load average at the end \(loadAverage()). "
                + "Figures, not tests: PASS/MISS do not change the exit status."
                + (broken.isEmpty ? "" : " Broken: \(broken.joined(separator: ", ")).")
        )
        if !broken.isEmpty { throw ExitCode.failure }
    }

    /// `--binary`, or the `sepia` in the folder of this executable.
    private func sepiaBinary() throws -> URL {
        let url =
            binary.map { URL(fileURLWithPath: $0) }
            ?? Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("sepia")
        guard ExecutableFile.isExecutable(url) else {
            throw ValidationError("No executable sepia at \(url.path): build it (scripts/build-release sepia) or pass --binary.")
        }
        return url
    }
}
