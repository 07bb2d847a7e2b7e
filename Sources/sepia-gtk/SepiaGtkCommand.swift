import ArgumentParser
import Foundation
import SepiaCommandLine
import SepiaDesktop
import SepiaPipeline

/// `sepia-gtk`: the photo list in a desktop window (GTK 4). It only reads the command line;
/// ``DesktopApp`` does the rest, on a synchronous main thread that GLib's main loop owns.
@main
struct SepiaGtkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sepia-gtk",
        abstract: "Browse the photos of manifests, folders or files in a window, sepia-filtered.",
        discussion: """
            Each SOURCE is a manifest (an http(s) URL or a file: a property list or JSON of \
            name → URL, an array of {name, url}, or a list of URLs, one a line), a folder of \
            photos, or a photo file; --demo browses the embedded demo photo server instead. \
            With neither, the pictures folder (XDG_PICTURES_DIR, else ~/Pictures) is browsed. \
            Photos download and filter on background queues while you scroll; Ctrl+Q quits. \
            `sepia browse` shows the same list in a terminal.
            """,
        version: SepiaVersion.current
    )

    /// The filters offered on the command line.
    enum FilterName: String, ExpressibleByArgument, CaseIterable {
        case sepia, grayscale, none
    }

    @Argument(help: "Manifests (http(s) URLs or files), folders or photo files.")
    var sources: [String] = []

    @Flag(help: "Start the embedded demo photo server and browse it, offline.")
    var demo = false

    @Option(help: "With --demo: how many good photos the server lists (its broken entries come on top).")
    var count = 500

    @Flag(help: "Read folders with their subfolders.")
    var recursive = false

    @Option(help: "The filter: sepia, grayscale or none.")
    var filter: FilterName = .sepia

    @Option(help: "Sepia intensity, from 0 (none) to 1 (full).")
    var intensity: Float = 0.8

    @Option(help: "Rows beyond the screen loaded ahead at low priority once the screen has its photos.")
    var prefetch = 3

    @Option(help: "Seconds a download may take before it fails.")
    var timeout: Double = 20

    @Flag(
        help:
            "The tutorial's first version, on purpose: the data source, downloads and filters run on the main thread as rows show. Try scrolling. Painful, isn't it?"
    )
    var naive = false

    @OptionGroup var pixels: MaxPixelsOption

    @OptionGroup var memory: MemoryBudgetOption

    @OptionGroup var privateNetworks: PrivateNetworksOption

    @Option(
        help: ArgumentHelp(
            "Write figures (rows shown, work done, bytes, peak memory, scrolling, cancellations) as JSON to this file on exit.",
            visibility: .hidden))
    var statsFile: String?

    @Flag(
        help: ArgumentHelp(
            "With --stats-file: also measure how late the main loop runs a 1 ms timeout, how far apart frames come, and when the first thumbnail shows.",
            visibility: .hidden))
    var measureResponsiveness = false

    /// Runs the command line as ArgumentParser's own `main` does, except that an error's
    /// message is made safe for a terminal (``ParsableCommand/exitWritingSafeError(_:)``).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exitWritingSafeError(error)
        }
    }

    func validate() throws {
        guard !(demo && !sources.isEmpty) else { throw ValidationError("Give either --demo or sources, not both.") }
        guard demo || !sources.isEmpty || PicturesFolder.find() != nil else {
            throw ValidationError("Give a manifest, a folder or photo files, or --demo: there is no pictures folder to browse.")
        }
        guard (0...1).contains(intensity) else { throw ValidationError("--intensity must be between 0 and 1.") }
        guard (0...10_000_000).contains(count) else { throw ValidationError("--count must be between 0 and 10000000.") }
        guard (0...1_000).contains(prefetch) else { throw ValidationError("--prefetch must be between 0 and 1000.") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds.") }
        guard !measureResponsiveness || statsFile != nil else { throw ValidationError("--measure-responsiveness needs --stats-file.") }
    }

    func run() throws {
        let pictures = demo || !sources.isEmpty ? nil : PicturesFolder.find()
        var options = DesktopOptions(sources: pictures.map { [$0] } ?? SourceArguments.restoringBytes(sources))
        options.recursive = recursive
        options.demo = demo
        options.demoPhotoCount = count
        options.naive = naive
        options.filter =
            switch filter {
            case .sepia: .sepia(intensity: intensity)
            case .grayscale: .grayscale
            case .none: .none
            }
        options.prefetch = prefetch
        options.timeout = timeout
        options.statsFile = statsFile
        options.measuresResponsiveness = measureResponsiveness
        options.pixelLimit = pixels.maxPixels
        options.allowsPrivateNetworks = privateNetworks.allowPrivateNetworks
        options.memoryBudget = try memory.budget()
        let status = MainActor.assumeIsolated { DesktopApp.run(options) }
        if status != 0 { throw ExitCode(status) }
    }
}
