public import Foundation
public import SepiaImaging

/// How a batch processes its photos and where it puts them.
public struct BatchOptions: Sendable {
    /// Filter and size.
    public var processing: PhotoProcessing
    /// The output format of every photo.
    public var format: ImageEncodingFormat
    /// The folder the photos are written to (created if missing).
    public var output: URL
    /// How many photos are decoded, filtered and encoded at once (`--jobs`): the pipeline's
    /// ``PhotoPipelineConfiguration/maxConcurrentFiltrations``.
    public var maxConcurrentFiltrations: Int
    /// Downloads running at once (they wait on the network, not on a core); the saves of the
    /// written files share these slots, as file I/O. The pipeline's
    /// ``PhotoPipelineConfiguration/maxConcurrentDownloads``.
    public var maxConcurrentDownloads: Int
    /// A cache of downloaded originals, so that a later run downloads nothing; nil for none.
    public var originals: DiskCache?
    /// Download again and rewrite every file, ignoring cached originals and earlier output.
    public var refresh: Bool
    /// Keep each photo's EXIF (orientation reset to 1) and tag the output sRGB; by default
    /// outputs carry their pixels only (no camera details, no location).
    public var keepsMetadata: Bool
    /// Write every frame of an animated GIF, WebP or PNG, with its timing, when ``format`` holds
    /// an animation (WebP); false writes the first frame only, as every other format does.
    public var keepsAnimation: Bool
    /// The share of the rows this task runs when several tasks split the batch; the whole
    /// batch by default.
    public var shard: BatchShard
    /// The bytes of decoded photos in flight at once (see ``MemoryBudget``); nil, the default,
    /// for no budget.
    public var memoryBudget: MemoryBudget?

    /// The most filtrations or downloads at once (larger values are clamped to it).
    public static let mostAtOnce = 4_096

    /// Options; by default sepia, JPEG at quality 90, one job per core, no cache and no metadata.
    public init(
        output: URL,
        processing: PhotoProcessing = PhotoProcessing(),
        format: ImageEncodingFormat = .jpeg(quality: 90),
        maxConcurrentFiltrations: Int = ProcessInfo.processInfo.activeProcessorCount,
        maxConcurrentDownloads: Int = 8,
        originals: DiskCache? = nil,
        refresh: Bool = false,
        keepsMetadata: Bool = false,
        keepsAnimation: Bool = true,
        shard: BatchShard = .whole
    ) {
        self.output = output
        self.processing = processing
        self.format = format
        self.maxConcurrentFiltrations = min(max(1, maxConcurrentFiltrations), Self.mostAtOnce)
        self.maxConcurrentDownloads = min(max(1, maxConcurrentDownloads), Self.mostAtOnce)
        self.originals = originals
        self.refresh = refresh
        self.keepsMetadata = keepsMetadata
        self.keepsAnimation = keepsAnimation
        self.shard = shard
    }
}
