import ArgumentParser
import Foundation
import SepiaImaging
import SepiaOperations

/// `sepia selfcheck`: runs the imaging core end to end on generated photos and checks each
/// step, so a fresh machine shows at once that the codecs and kernels work.
struct SelfCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selfcheck",
        abstract: "Check the imaging core on generated photos and write the results to a folder."
    )

    @Option(help: "How many photos to generate.")
    var count = 8

    @Option(help: "Size of each generated photo, as WIDTHxHEIGHT.")
    var size = PixelSizeArgument(PixelSize(width: 1600, height: 1200))

    @Option(help: "Folder for the results (created if missing; default: a folder in the temporary directory).")
    var output: String?

    @Option(help: "How many photos are processed at once (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        try OptionCheck.count(count, "--count", in: 1...100_000)
        try OptionCheck.count(jobs, "--jobs", in: OptionCheck.jobs)
    }

    func run() throws {
        let folder = URL(fileURLWithPath: output ?? NSTemporaryDirectory() + "sepia-selfcheck", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("Cannot create the output folder \(folder.path): \(error.localizedDescription)")
        }
        print("Sepia self-check: \(count) generated photos of \(size.value), results in \(folder.path)")
        let queue = OperationQueue()
        queue.name = "Self-check queue"
        queue.maxConcurrentOperationCount = jobs
        let group = BatchGroup()
        let results = SelfCheckResults()
        let started = Date()
        for index in 1...count {
            let steps = SelfCheckSteps(index: index, size: size.value, folder: folder)
            group.enter()
            steps.last.onFinish(on: .global()) { result in
                results.record(steps.name, result)
                group.leave()
            }
            queue.addOperations(steps.operations, waitUntilFinished: false)
        }
        _ = group.wait(timeout: .distantFuture)
        let failures = results.printSummary(seconds: Date().timeIntervalSince(started))
        if failures > 0 { throw ExitCode.failure }
    }
}

/// The photos' outcomes, gathered from the operations' completion handlers.
final class SelfCheckResults: Sendable {
    private let outcomes = Locked<[(name: String, result: OperationResult<String>)]>([])

    func record(_ name: String, _ result: OperationResult<String>) {
        outcomes.withLock { $0.append((name, result)) }
    }

    /// Prints one line per photo, in order, then a total; returns the number of failures.
    func printSummary(seconds: Double) -> Int {
        let all = outcomes.withLock { $0 }
        var failures = 0
        for outcome in all.sorted(by: { $0.name.localizedStandardCompare($1.name) == .orderedAscending }) {
            switch outcome.result {
            case .success(let line):
                print("  ok    \(outcome.name): \(line)")
            case .failure(let error):
                failures += 1
                print("  FAIL  \(outcome.name): \(error)")
            case .cancelled:
                failures += 1
                print("  FAIL  \(outcome.name): cancelled")
            }
        }
        let total = all.count
        print(failures == 0
            ? "All \(total) photos passed in \(String(format: "%.2f", seconds)) s."
            : "\(failures) of \(total) photos failed.")
        return failures
    }
}
