import ArgumentParser
import Dispatch
import Foundation
import SepiaDemoServer
import SepiaImaging

/// `sepia serve`: runs the loopback demo photo server until Ctrl-C or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve generated demo photos and their manifests on 127.0.0.1 until Ctrl-C."
    )

    @Option(help: "The TCP port on 127.0.0.1 (0 picks a free one).")
    var port = 0

    @Option(help: "How many good photos to list (the broken entries come on top).")
    var count = 500

    @Option(help: ArgumentHelp("Milliseconds added before every response.", valueName: "ms"))
    var latency = 0

    @Option(help: ArgumentHelp("Body rate per response, in bytes per second (default: unlimited).", valueName: "bytes-per-s"))
    var bandwidth: Int?

    @Option(help: "The fraction (0…1) of photo requests answered 503.")
    var failureRate = 0.0

    @Option(
        help: ArgumentHelp("The size of every photo (default: 1024x768).", valueName: "WxH"),
        transform: ServeCommand.parsePixelSize
    )
    var photoSize = PixelSize(width: 1024, height: 768)

    @Option(help: ArgumentHelp("Seconds the slow entry waits before answering.", valueName: "seconds"))
    var slowDelay = 60.0

    @Option(help: "The seed of the photos, names and failures.")
    var seed: UInt64 = 1

    @Flag(help: "Print one line per request.")
    var verbose = false

    func validate() throws {
        do {
            try serverConfiguration.validate()
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        let stopRequested = DispatchSemaphore(value: 0)
        let signalSources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stopRequested.signal() }
            source.resume()
            return source
        }

        let server = try DemoPhotoServer.startBlocking(serverConfiguration)
        let catalog = server.catalog
        printNow("""
            Serving \(catalog.photos.count) demo photos (\(photoSize)) and \(catalog.brokenEntries.count) \
            broken entries at \(server.baseURL.absoluteString)
            Property list: \(server.propertyListURL.absoluteString)
            JSON:          \(server.jsonURL.absoluteString)
            Press Ctrl-C to stop.
            """)

        stopRequested.wait()
        signalSources.forEach { $0.cancel() }
        server.stopBlocking()
        printNow("Stopped.")
    }

    private var serverConfiguration: DemoServerConfiguration {
        DemoServerConfiguration(
            port: port,
            photoCount: count,
            photoSize: photoSize,
            seed: seed,
            latency: .milliseconds(latency),
            bandwidth: bandwidth,
            failureRate: failureRate,
            slowDelay: .seconds(slowDelay),
            requestLogger: verbose ? printNow : nil
        )
    }

    /// Parses "WIDTHxHEIGHT", as in `1024x768`.
    @Sendable
    private static func parsePixelSize(_ text: String) throws -> PixelSize {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]) else {
            throw ValidationError("'\(text)' is not a size like 1024x768.")
        }
        return PixelSize(width: width, height: height)
    }
}

/// Prints `line` and flushes standard output, so a script reading a pipe sees it at once.
private func printNow(_ line: String) {
    print(line)
    fflush(nil)
}
