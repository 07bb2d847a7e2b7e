import ArgumentParser
import Foundation
import SepiaDemoServer
import SepiaPipeline

/// `sepia demo`: starts the embedded demo photo server on a free loopback port and runs the
/// photo pipeline over its manifest, so everything runs offline on a fresh machine.
///
/// Until the terminal browser lands, the demo processes the photos as `sepia process` would
/// and writes them to a folder.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the photo pipeline offline over the embedded demo photo server.",
        discussion: """
            Some demo entries are broken on purpose (no URL, 404, corrupt, HTML, truncated, too \
            slow) and must fail with their reason. Exit status: 0 when every good photo was \
            written and every broken one failed, 1 otherwise, 130 when interrupted.
            """
    )

    @OptionGroup var server: DemoServerOptions

    @OptionGroup var look: FilterOptions

    @Option(help: "Fit each photo into WIDTHxHEIGHT (default: keep the size).")
    var size: PixelSizeArgument?

    @Option(help: "Photos processed at once (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Seconds a download may take before it times out.")
    var timeout: Double = 5

    @Option(help: "Folder for the results (default: a folder in the temporary directory).")
    var output: String?

    func validate() throws {
        guard jobs > 0 else { throw ValidationError("--jobs must be at least 1.") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive.") }
    }

    func run() throws {
        let running = try DemoPhotoServer.startBlocking(server.configuration(requestLogger: nil))
        defer { running.stopBlocking() }
        let loader = HTTPLoader(configuration: HTTPLoaderConfiguration(totalTimeout: timeout))
        defer { loader.shutdown() }
        printNow("Demo photo server at \(running.baseURL.absoluteString): \(running.catalog.photos.count) photos, "
            + "\(running.catalog.brokenEntries.count) broken on purpose")
        let entries: [PhotoEntry]
        switch PhotoSource.loadAndWait(running.propertyListURL.absoluteString, loader: loader) {
        case .success(let loaded): entries = loaded
        case .failure(let error): throw ValidationError("\(error)")
        }
        let folder = URL(fileURLWithPath: output ?? NSTemporaryDirectory() + "sepia-demo", isDirectory: true)
        printNow("Processing \(entries.count) rows (\(look.photoFilter)) into \(folder.path)")
        let options = BatchOptions(
            output: folder, processing: PhotoProcessing(filter: look.photoFilter, fitting: size?.value),
            jobs: jobs, refresh: true)
        let outcome = BatchRun(entries: entries, options: options, loader: loader).runUntilDone()
        BatchReport(outcomes: outcome.outcomes, progress: outcome.progress, seconds: outcome.seconds).printText()
        if outcome.interrupted { throw ExitCode(130) }
        let broken = Set(running.catalog.brokenEntries.map(\.name))
        let unexpected = outcome.outcomes.filter { $0.isDone == broken.contains($0.name) }
        if !unexpected.isEmpty {
            printNow("Unexpected: \(unexpected.map(\.name).joined(separator: ", "))")
            throw ExitCode.failure
        }
        printNow("Every good photo was written and every broken entry failed with its reason.")
    }
}
