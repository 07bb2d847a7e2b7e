import ArgumentParser
import Dispatch
import Foundation
import SepiaDemoServer
import SepiaOperations
import SepiaSystem
import SepiaTerminal

/// `sepia serve`: runs the loopback demo photo server until Ctrl-C or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve generated demo photos and their manifests on 127.0.0.1 until Ctrl-C."
    )

    @OptionGroup var server: DemoServerOptions

    @Flag(help: "Print one line per request.")
    var verbose = false

    func run() async throws {
        // Trapped from the start: Ctrl-C while the server starts stops it once it is up.
        let stopRequested = Task { await SignalTrap.next() }
        let running = try await DemoPhotoServer.start(server.configuration(requestLogger: verbose ? logRequest : nil))
        let catalog = running.catalog
        printNow(
            """
            Serving \(catalog.photos.count) demo photos (\(server.photoSize.value)) and \(catalog.brokenEntries.count) \
            broken entries at \(running.baseURL.absoluteString)
            Property list: \(running.propertyListURL.absoluteString)
            JSON:          \(running.jsonURL.absoluteString)
            Press Ctrl-C to stop.
            """)
        _ = await stopRequested.value
        await running.stop()
        printNow("Stopped.")
    }
}

/// Prints a request's line, whose method and path come from the client, made safe for a
/// terminal (``TerminalSafeText``).
@Sendable private func logRequest(_ line: String) {
    printNow(TerminalSafeText.make(line))
}

/// Prints `line` and flushes standard output, so a script reading a pipe sees it at once.
func printNow(_ line: String) {
    print(line)
    fflush(nil)
}
