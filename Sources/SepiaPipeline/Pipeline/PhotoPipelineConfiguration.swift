public import Foundation

/// How a ``PhotoPipeline`` runs: its queues' concurrency and its caches.
public struct PhotoPipelineConfiguration: Sendable {
    /// How many downloads run at once on the "Download queue" (6 by default; 1 shows the
    /// queue at work, as the tutorial does).
    public var maxConcurrentDownloads: Int
    /// How many decodes and filters run at once on the "Image Filtration queue" (the number
    /// of active cores by default; 1 for teaching).
    public var maxConcurrentFiltrations: Int
    /// The most bytes of decoded originals kept in memory.
    public var originalsCostLimit: Int
    /// The most bytes of processed photos kept in memory.
    public var processedCostLimit: Int
    /// Where the bytes of downloaded originals are kept between runs, if anywhere.
    public var diskCache: DiskCache?
    /// Whether the bytes received are tallied per URL (``PhotoPipeline/bytesReceived(for:)``),
    /// for measuring the work spent on each photo. Off by default: the tally holds an entry for
    /// every URL ever downloaded.
    public var countsBytesPerURL: Bool
    /// The budget that decodes reserve their bytes from, those of
    /// ``PhotoPipeline/export(_:as:to:keepingMetadata:keepingAnimation:)`` and of ``PhotoPipeline/original(for:)``
    /// (see ``MemoryBudget``); nil, the default, for none.
    public var memoryBudget: MemoryBudget?
    /// When previews of progressive photos are decoded while they download, for the tasks of
    /// ``PhotoPipeline/original(for:)`` and ``PhotoPipeline/task(for:)`` (``PhotoTask/onPreview(on:_:)``);
    /// nil, the default, for none: a list shows them, a batch has no use for them.
    public var previews: PreviewPolicy?
    /// The most bytes of animated originals (GIF, WebP, APNG of more than one frame) kept in
    /// memory as downloaded, for playing them (``PhotoPipeline/animationData(for:)``); 16 MB by
    /// default, 0 to keep none.
    public var animationDataCostLimit = 16 << 20

    /// A configuration; by default 6 downloads, one filtration per core, 256 MB of originals
    /// and 128 MB of processed photos in memory, and no disk cache.
    public init(
        maxConcurrentDownloads: Int = 6,
        maxConcurrentFiltrations: Int = ProcessInfo.processInfo.activeProcessorCount,
        originalsCostLimit: Int = 256 << 20,
        processedCostLimit: Int = 128 << 20,
        diskCache: DiskCache? = nil,
        countsBytesPerURL: Bool = false
    ) {
        self.maxConcurrentDownloads = maxConcurrentDownloads
        self.maxConcurrentFiltrations = maxConcurrentFiltrations
        self.originalsCostLimit = originalsCostLimit
        self.processedCostLimit = processedCostLimit
        self.diskCache = diskCache
        self.countsBytesPerURL = countsBytesPerURL
    }
}
