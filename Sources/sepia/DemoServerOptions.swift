import ArgumentParser
import SepiaCommandLine
import SepiaDemoServer
import SepiaImaging

/// The demo server's knobs, shared by `sepia serve` and `sepia demo`.
struct DemoServerOptions: ParsableArguments {
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

    @Option(help: ArgumentHelp("The size of every photo.", valueName: "WxH"))
    var photoSize = PixelSizeArgument(PixelSize(width: 1024, height: 768))

    @Option(help: ArgumentHelp("Seconds the slow entry waits before answering.", valueName: "seconds"))
    var slowDelay = 60.0

    @Flag(inversion: .prefixedNo, help: "List the deliberately broken entries after the good photos.")
    var brokenEntries = true

    @Option(help: "The seed of the photos, names and failures.")
    var seed: UInt64 = 1

    func validate() throws {
        // Checked before the configuration is built: an infinite delay traps in `Duration`.
        try OptionCheck.count(port, "--port", in: 0...65_535)
        try OptionCheck.count(count, "--count", in: 0...10_000_000)
        try OptionCheck.count(latency, "--latency", in: 0...3_600_000)
        if let bandwidth { try OptionCheck.count(bandwidth, "--bandwidth", in: 1...Int.max) }
        try OptionCheck.secondsOrZero(slowDelay, "--slow-delay")
        do {
            try configuration(requestLogger: nil).validate()
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The server configuration these options describe.
    func configuration(requestLogger: (@Sendable (String) -> Void)?) -> DemoServerConfiguration {
        DemoServerConfiguration(
            port: port,
            photoCount: count,
            photoSize: photoSize.value,
            includesBrokenEntries: brokenEntries,
            seed: seed,
            latency: .milliseconds(latency),
            bandwidth: bandwidth,
            failureRate: failureRate,
            slowDelay: .seconds(slowDelay),
            requestLogger: requestLogger
        )
    }
}
