public import ArgumentParser
import Foundation
import SepiaCommandLine
import SepiaTerminal

/// The options of the terminal browser, shared by `sepia browse` and `sepia demo`.
struct BrowseOptions: ParsableArguments {
    @OptionGroup var look: FilterOptions

    @Option(
        help:
            "Downloads and filters run at once, per queue (1 shows the tutorial's one-at-a-time queues; default: 6 downloads, one filter per core)."
    )
    var jobs: Int?

    @Option(
        help:
            "Thumbnails: auto (ask the terminal), kitty (kitty graphics, placed), kitty-placeholders (kitty graphics in Unicode placeholders), sixel, iterm (iTerm2 inline images), blocks (quadrant or sextant mosaics) or none."
    )
    var graphics: GraphicsMode = .auto

    @Option(help: "Rows beyond the screen loaded ahead at low priority once the screen has its photos.")
    var prefetch = 3

    @Option(
        help:
            "Seconds a download may take before it fails (default: 20; 5 for `sepia demo --batch`, whose slow entry should not hold the batch)."
    )
    var timeout: Double?

    @OptionGroup var network: NetworkOptions

    @OptionGroup var pixels: MaxPixelsOption

    @OptionGroup var memory: MemoryBudgetOption

    @Flag(inversion: .prefixedNo, help: "Mouse wheel and clicks (--no-mouse leaves the mouse to the terminal, for selecting text).")
    var mouse = true

    @Flag(
        help:
            "The tutorial's first version, on purpose: the data source, downloads and filters run on the main thread as rows are drawn. Try scrolling. Painful, isn't it?"
    )
    var naive = false

    @Option(
        help: ArgumentHelp("Write figures (rows shown, work done, bytes, peak memory) as JSON to this file on exit.", visibility: .hidden))
    var statsFile: String?

    func validate() throws {
        if let jobs { try OptionCheck.count(jobs, "--jobs", in: OptionCheck.jobs) }
        try OptionCheck.count(prefetch, "--prefetch", in: 0...1_000)
        if let timeout { try OptionCheck.seconds(timeout, "--timeout") }
    }
}

extension GraphicsMode: ExpressibleByArgument {}
