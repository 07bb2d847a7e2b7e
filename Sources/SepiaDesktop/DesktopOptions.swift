import SepiaImaging
import SepiaPipeline

/// What the desktop app shows, and how: the command line of `sepia-gtk`.
public struct DesktopOptions: Sendable {
    /// The manifests (files or http(s) URLs), folders and photo files whose photos are the rows.
    public var sources: [String]
    /// Whether folders are read with their subfolders.
    public var recursive = false
    /// Whether to start the embedded demo photo server and browse it (instead of `sources`).
    public var demo = false
    /// How many good photos the demo server lists (its broken entries come on top).
    public var demoPhotoCount = 500
    /// The tutorial's first version, on purpose: the data source, downloads and filters run on
    /// the main thread as rows show, and the window freezes.
    public var naive = false
    /// The filter of the rows' photos.
    public var filter: PhotoFilter = .sepia(intensity: 0.8)
    /// Rows beyond the screen loaded ahead at low priority once the screen has its photos.
    public var prefetch = 3
    /// The most pixels a photo may have; one with more fails with the reason.
    public var pixelLimit = ImageDecodingOptions.defaultPixelLimit
    /// Whether a remote manifest may name private and local addresses (no
    /// ``DestinationPolicy``).
    public var allowsPrivateNetworks = false
    /// Seconds a download may take before it fails.
    public var timeout: Double = 20
    /// The budget the decodes of originals reserve their bytes from (see ``MemoryBudget``); nil
    /// for none.
    public var memoryBudget: MemoryBudget?
    /// A file to write the session's figures to as JSON on exit, if any.
    public var statsFile: String?
    /// Whether the figures include the main loop's responsiveness (``ResponsivenessProbe``).
    public var measuresResponsiveness = false

    /// Options browsing `sources`.
    public init(sources: [String]) {
        self.sources = sources
    }
}
