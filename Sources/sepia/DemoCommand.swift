import ArgumentParser
import Foundation
import SepiaCommandLine
import SepiaDemoServer
import SepiaPipeline

/// `sepia demo`: starts the embedded demo photo server on a free loopback port and browses
/// it in the terminal, so everything runs offline on a fresh machine. With `--batch` (or
/// without a terminal) it processes the photos into a folder instead.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Browse the embedded demo photo server's photos, offline.",
        discussion: """
            Some demo entries are broken on purpose (no URL, 404, corrupt, HTML, truncated, too \
            slow): their rows show "Failed to load" and why. --latency and --bandwidth slow the \
            server down so the queues can be watched (press o).

            With --batch the photos are processed into a folder instead; exit status: 0 when \
            every good photo was written and every broken one failed, 1 otherwise, 130 when \
            interrupted.
            """
    )

    @OptionGroup var server: DemoServerOptions

    @OptionGroup var browsing: BrowseOptions

    @Flag(help: "Process every photo into a folder instead of browsing (the default without a terminal).")
    var batch = false

    @Option(help: "With --batch: fit each photo into WIDTHxHEIGHT (default: keep the size).")
    var size: PixelSizeArgument?

    @Option(help: "With --batch: the folder for the results (default: a folder in the temporary directory).")
    var output: String?

    @MainActor
    func run() async throws {
        let running = try await DemoPhotoServer.start(server.configuration(requestLogger: nil))
        let hasTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        guard batch || !hasTerminal else {
            let title = "Sepia demo — \(running.catalog.photos.count) photos, \(running.catalog.brokenEntries.count) broken on purpose"
            // The JSON manifest: its entries carry placeholders, which the rows show before their photos.
            try await BrowserLaunch(sources: [running.jsonURL.absoluteString], title: title, options: browsing, direct: true)
                .run { await running.stop() }
        }
        if !batch { printNow("No terminal: processing the demo photos as with --batch.") }
        // The demo server is on loopback: no proxy of the environment is asked to reach it.
        let loader = HTTPLoader(
            configuration: try browsing.network.loaderConfiguration(totalTimeout: browsing.timeout ?? 5, direct: true, sources: []))
        do {
            try await runBatch(on: running, loader: loader)
        } catch {
            await loader.shutdown()
            await running.stop()
            throw error
        }
        await loader.shutdown()
        await running.stop()
    }

    private func runBatch(on running: DemoPhotoServer, loader: HTTPLoader) async throws {
        printNow(
            "Demo photo server at \(running.baseURL.absoluteString): \(running.catalog.photos.count) photos, "
                + "\(running.catalog.brokenEntries.count) broken on purpose")
        let entries: [PhotoEntry]
        do {
            entries = try await PhotoSource.entries(at: running.propertyListURL.absoluteString, loader: loader)
        } catch {
            throw ValidationError("\(error)")
        }
        let folder = URL(fileURLWithPath: output ?? NSTemporaryDirectory() + "sepia-demo", isDirectory: true)
        printNow("Processing \(entries.count) rows (\(browsing.look.photoFilter)) into \(folder.path)")
        var options = BatchOptions(
            output: folder, processing: PhotoProcessing(filter: browsing.look.photoFilter, fitting: size?.value),
            maxConcurrentFiltrations: browsing.jobs ?? ProcessInfo.processInfo.activeProcessorCount, refresh: true)
        options.memoryBudget = try browsing.memory.budget()
        let outcome = await BatchRun(processor: BatchProcessor(entries: entries, options: options, loader: loader)).run()
        outcome.report.writeText(to: BufferedOutput())
        if outcome.interrupted { throw ExitCode(130) }
        let broken = Set(running.catalog.brokenEntries.map(\.name))
        var unexpected: [String] = []
        outcome.report.tally.forEachRow { row, status, _ in
            let isDone = status == .written || status == .skipped
            if isDone == broken.contains(entries[row].name) { unexpected.append(entries[row].name) }
        }
        if !unexpected.isEmpty {
            printNow("Unexpected: \(unexpected.joined(separator: ", "))")
            throw ExitCode.failure
        }
        printNow("Every good photo was written and every broken entry failed with its reason.")
    }
}
