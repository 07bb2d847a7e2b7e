import Foundation
import SepiaImaging
import SepiaOperations

/// What a list controller calls to get photos: downloaded and decoded originals, then
/// processed (filtered, resized) photos, without ever blocking the caller. Thread-safe.
///
/// Downloads run on the "Download queue", decoding and filtering on the "Image Filtration
/// queue". Identical requests in flight share one chain of operations; each caller gets its
/// own ``PhotoRequest`` to follow, reprioritise or cancel. Finished photos are kept in
/// memory caches (originals by URL and decoding options, processed photos by URL and
/// processing), so asking again completes at once without any operation; originals' bytes
/// can also be kept on disk (``PhotoPipelineConfiguration/diskCache``).
///
/// Loading is split in two, as in the tutorial, so that a download that finished is kept
/// when its filter is cancelled: coming back to the row only filters again.
/// ```swift
/// let request = pipeline.original(for: url, decoding: processing.decodingOptions, priority: .high)
/// request.onFinish(on: .main) { result in
///     guard case .success(let original) = result else { return }
///     pipeline.processed(original, of: url, processing: processing, priority: .high)
///         .onFinish(on: .main) { show($0) }
/// }
/// ```
public final class PhotoPipeline: Sendable {
    /// Fetches the photos' bytes.
    public let loader: HTTPLoader
    /// The queues' concurrency and the caches' limits.
    public let configuration: PhotoPipelineConfiguration
    private let downloadQueue: CountedQueue
    private let filtrationQueue: CountedQueue
    private let progressBoard: DownloadProgressBoard
    private let originalsCache: MemoryCache<OriginalKey, RGBAImage>
    private let processedCache: MemoryCache<ProcessedKey, RGBAImage>
    private let originalsInFlight: InFlightRegistry<OriginalKey, RGBAImage>
    private let processedInFlight: InFlightRegistry<ProcessedKey, RGBAImage>

    /// A pipeline that downloads through `loader` (which the caller shuts down).
    public init(loader: HTTPLoader, configuration: PhotoPipelineConfiguration = PhotoPipelineConfiguration()) {
        self.loader = loader
        self.configuration = configuration
        progressBoard = DownloadProgressBoard(countsBytesPerURL: configuration.countsBytesPerURL)
        downloadQueue = CountedQueue(configuration: .download(maxConcurrentOperationCount: configuration.maxConcurrentDownloads))
        filtrationQueue = CountedQueue(configuration: .filtration(maxConcurrentOperationCount: configuration.maxConcurrentFiltrations))
        let originalsCache = MemoryCache<OriginalKey, RGBAImage>(costLimit: configuration.originalsCostLimit)
        let processedCache = MemoryCache<ProcessedKey, RGBAImage>(costLimit: configuration.processedCostLimit)
        self.originalsCache = originalsCache
        self.processedCache = processedCache
        originalsInFlight = InFlightRegistry { originalsCache.insert($1, forKey: $0, cost: $1.pixels.count) }
        processedInFlight = InFlightRegistry { processedCache.insert($1, forKey: $0, cost: $1.pixels.count) }
    }

    /// The photo at `url` (http, https or file), downloaded and decoded with `decoding`.
    ///
    /// From the memory cache when it is there (the request has ended when this returns);
    /// otherwise joins the download in flight for the same URL and options, or starts one.
    /// Failures report their root cause, such as "HTTP 404 Not Found".
    public func original(
        for url: URL, decoding: ImageDecodingOptions = ImageDecodingOptions(), priority: Operation.QueuePriority = .normal
    ) -> PhotoRequest<RGBAImage> {
        let key = OriginalKey(url: url, decoding: decoding)
        return originalsInFlight.request(for: key, priority: priority, cached: originalsCache.value(forKey:)) {
            let flight = progressBoard.begin(url)
            let download = DownloadOperation(url: url, loader: loader, cache: configuration.diskCache) { [progressBoard] in
                progressBoard.update(flight, received: $0, expected: $1)
            }
            download.completionBlock = { [progressBoard] in progressBoard.end(flight) }
            let decode = PhotoOperations.decode(download, options: decoding)
            return WorkChain(steps: [(download, downloadQueue), (decode, filtrationQueue)], last: decode)
        }
    }

    /// `original`, the photo from `url`, filtered and resized as `processing` says.
    ///
    /// Needs no download: pass the image an ``original(for:decoding:priority:)`` request
    /// produced for `url` (normally with `processing.decodingOptions`). Processed photos are
    /// identified by `url` and `processing`: a request joins the work in flight or the cached
    /// photo for them, whatever `original` it passes.
    public func processed(
        _ original: RGBAImage, of url: URL, processing: PhotoProcessing = PhotoProcessing(),
        priority: Operation.QueuePriority = .normal
    ) -> PhotoRequest<RGBAImage> {
        let key = ProcessedKey(url: url, processing: processing)
        return processedInFlight.request(for: key, priority: priority, cached: processedCache.value(forKey:)) {
            let source = BlockResultOperation { _ in original }
            let processed = PhotoOperations.process(source, as: processing)
            let steps = ([source] + processed.steps).map { (operation: $0 as Operation, queue: filtrationQueue) }
            return WorkChain(steps: steps, last: processed.last)
        }
    }

    /// Whether the queues hold operations that have not started (see ``suspend()``).
    public var isSuspended: Bool { downloadQueue.isSuspended }

    /// Holds both queues' waiting operations, for instance while the user scrolls; work
    /// already running goes on.
    public func suspend() {
        downloadQueue.suspend()
        filtrationQueue.suspend()
    }

    /// Lets both queues start their waiting operations again.
    public func resume() {
        downloadQueue.resume()
        filtrationQueue.resume()
    }

    /// How far the download of `url` has come, while one is in flight.
    public func downloadProgress(for url: URL) -> DownloadProgress? {
        progressBoard.progress(for: url)
    }

    /// Bytes that every download of `url` received so far over the network, including
    /// downloads that were cancelled part way (for measuring wasted work); nil unless the
    /// configuration ``PhotoPipelineConfiguration/countsBytesPerURL``.
    public func bytesReceived(for url: URL) -> Int? {
        progressBoard.bytesReceived(for: url)
    }

    /// Bytes that every download received so far over the network.
    public var totalBytesReceived: Int {
        progressBoard.totalBytesReceived
    }

    /// Snapshots of the "Download queue" and the "Image Filtration queue", in that order.
    public var queueCounters: [StageCounters] {
        [downloadQueue.counters, filtrationQueue.counters]
    }

    /// How many originals and processed photos are being worked on (for tests).
    var inFlightCount: Int { originalsInFlight.count + processedInFlight.count }
}
