import SepiaImaging
package import SepiaPipeline

/// What the desktop app shows, and how: the command line of `sepia-gtk`.
package struct DesktopOptions: Sendable {
    /// The manifests (files or http(s) URLs), folders and photo files whose photos are the rows.
    package var sources: [String]
    /// Whether folders are read with their subfolders.
    package var recursive = false
    /// Whether to start the embedded demo photo server and browse it (instead of `sources`).
    package var demo = false
    /// How many good photos the demo server lists (its broken entries come on top).
    package var demoPhotoCount = 500
    /// The tutorial's first version, on purpose: the data source, downloads and filters run on
    /// the main thread as rows show, and the window freezes.
    package var naive = false
    /// The filter of the rows' photos.
    package var filter: PhotoFilter = .sepia(intensity: 0.8)
    /// Rows beyond the screen loaded ahead at low priority once the screen has its photos.
    package var prefetch = 3
    /// The most pixels a photo may have; one with more fails with the reason.
    package var pixelLimit = ImageDecodingOptions.defaultPixelLimit
    /// Whether a remote manifest may name private and local addresses (no
    /// ``DestinationPolicy``).
    package var allowsPrivateNetworks = false
    /// Seconds a download may take before it fails.
    package var timeout: Double = 20
    /// The budget the decodes of originals reserve their bytes from (see ``MemoryBudget``); nil
    /// for none.
    package var memoryBudget: MemoryBudget?
    /// A file to write the session's figures to as JSON on exit, if any.
    package var statsFile: String?
    /// Whether the figures include the main loop's responsiveness (``ResponsivenessProbe``).
    package var measuresResponsiveness = false

    /// Options browsing `sources`.
    package init(sources: [String]) {
        self.sources = sources
    }
}
