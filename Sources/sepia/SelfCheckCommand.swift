import ArgumentParser
import Foundation
import SepiaCommandLine
import SepiaImaging
import SepiaOperations
import SepiaPipeline

/// `sepia selfcheck`: generates photos, writes them as JPEG and PNG files, and runs them through
/// the photo pipeline (decode, filter, resize, encode, save), checking each step, so a fresh
/// machine shows at once that the codecs, the kernels and the pipeline work.
struct SelfCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selfcheck",
        abstract: "Check the imaging core and the photo pipeline on generated photos, writing the results to a folder."
    )

    @Option(help: "How many photos to generate.")
    var count = 8

    @Option(help: "Size of each generated photo, as WIDTHxHEIGHT.")
    var size = PixelSizeArgument(PixelSize(width: 1600, height: 1200))

    @Option(help: "Folder for the results (created if missing; default: a folder in the temporary directory).")
    var output: String?

    @Option(help: "How many photos are processed at once (default: the number of cores).")
    var jobs = OptionCheck.defaultJobs

    func validate() throws {
        try OptionCheck.count(count, "--count", in: 1...100_000)
        try OptionCheck.count(jobs, "--jobs", in: OptionCheck.jobs)
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: output ?? NSTemporaryDirectory() + "sepia-selfcheck", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("Cannot create the output folder \(folder.path): \(error.localizedDescription)")
        }
        print("Sepia self-check: \(count) generated photos of \(size.value), results in \(folder.path)")
        // Local files only: the loader never starts its HTTP client.
        let pipeline = PhotoPipeline(
            loader: HTTPLoader(),
            configuration: PhotoPipelineConfiguration(maxConcurrentFiltrations: jobs, originalsCostLimit: 0, processedCostLimit: 0))
        let started = Date()
        let size = size.value
        let jobs = jobs
        let count = count
        let outcomes = await withTaskGroup(of: (Int, Result<String, SelfCheckFailure>).self) { group in
            var outcomes: [(Int, Result<String, SelfCheckFailure>)] = []
            for index in 1...count {
                // At most `jobs` photos at once: each holds a few full-size images.
                if index > jobs, let done = await group.next() { outcomes.append(done) }
                group.addTask {
                    let check = SelfCheckPhoto(index: index, size: size, folder: folder, pipeline: pipeline)
                    do throws(SelfCheckFailure) {
                        return (index, .success(try await check.run()))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            for await done in group { outcomes.append(done) }
            return outcomes.sorted { $0.0 < $1.0 }
        }
        var failures = 0
        for (index, outcome) in outcomes {
            switch outcome {
            case .success(let line): print("  ok    Photo \(index): \(line)")
            case .failure(let failure):
                failures += 1
                print("  FAIL  Photo \(index): \(failure)")
            }
        }
        print(
            failures == 0
                ? "All \(count) photos passed in \(String(format: "%.2f", Date().timeIntervalSince(started))) s."
                : "\(failures) of \(count) photos failed.")
        if failures > 0 { throw ExitCode.failure }
    }
}
