public import Foundation
public import SepiaImaging
public import SepiaOperations

/// Gets photos: downloads and decodes originals, filters and resizes them, and writes them to
/// files, without ever blocking the caller. Every part of Sepia that loads a photo goes
/// through one: the terminal list, `sepia process`, the naive mode and `sepia selfcheck`.
/// Thread-safe.
///
/// Inside, it is the tutorial's design: downloads run on the "Download queue", decoding and
/// filtering on the "Image Filtration queue", as operations chained by dependencies that pass
/// their results on. Identical requests in flight share one chain; each caller gets its own
/// ``PhotoTask`` to await, follow, reprioritise or cancel. Finished photos are kept in memory
/// caches (originals by URL and decoding, processed photos by what made them), so asking again
/// completes at once; originals' bytes can also be kept on disk
/// (``PhotoPipelineConfiguration/diskCache``).
///
/// ```swift
/// let pipeline = PhotoPipeline(loader: HTTPLoader())
/// let photo = try await pipeline.photo(for: PhotoRequest(url: url))   // sepia-toned
/// ```
///
/// A list shows the original as soon as it is there, then the processed photo, and a download
/// that finished is kept when its filter is cancelled: ``original(for:)`` then
/// ``task(for:)``, which finds the original in the cache.
public final class PhotoPipeline: Sendable {
    /// Fetches the photos' bytes.
    public let loader: any PhotoDataLoading
    /// The queues' concurrency and the caches' limits.
    public let configuration: PhotoPipelineConfiguration
    /// The "Download queue": one operation per download in flight.
    public let downloadQueue: CountedQueue
    /// The "Image Filtration queue": decoding, filtering, resizing and encoding (saves are
    /// file I/O and run on ``downloadQueue``).
    public let filtrationQueue: CountedQueue
    private let byteTally: DownloadByteTally
    private let originalsCache: MemoryCache<OriginalKey, RGBAImage>
    private let processedCache: MemoryCache<ProcessedKey, RGBAImage>
    private let originalsInFlight: InFlightRegistry<OriginalKey, RGBAImage>
    private let processedInFlight: InFlightRegistry<ProcessedKey, RGBAImage>
    /// The bytes of animated originals, by URL, as ``original(for:)`` downloaded them.
    private let animationDataCache: MemoryCache<URL, Data>

    /// A pipeline that downloads through `loader` (which the caller shuts down, if it must be).
    public init(loader: any PhotoDataLoading, configuration: PhotoPipelineConfiguration = PhotoPipelineConfiguration()) {
        self.loader = loader
        self.configuration = configuration
        byteTally = DownloadByteTally(countsBytesPerURL: configuration.countsBytesPerURL)
        downloadQueue = CountedQueue(configuration: .download(maxConcurrentOperationCount: configuration.maxConcurrentDownloads))
        filtrationQueue = CountedQueue(configuration: .filtration(maxConcurrentOperationCount: configuration.maxConcurrentFiltrations))
        let originalsCache = MemoryCache<OriginalKey, RGBAImage>(costLimit: configuration.originalsCostLimit)
        let processedCache = MemoryCache<ProcessedKey, RGBAImage>(costLimit: configuration.processedCostLimit)
        self.originalsCache = originalsCache
        self.processedCache = processedCache
        animationDataCache = MemoryCache(costLimit: configuration.animationDataCostLimit)
        originalsInFlight = InFlightRegistry { originalsCache.insert($1, forKey: $0, cost: $1.pixels.count) }
        processedInFlight = InFlightRegistry { processedCache.insert($1, forKey: $0, cost: $1.pixels.count) }
    }

    // MARK: Photos

    /// The photo `request` asks for: downloaded, decoded and processed. Cancelling the Swift
    /// task that awaits it cancels the work (and its network request) unless another caller
    /// still wants it.
    ///
    /// - Throws: the ``PhotoError`` that stopped it, such as ``PhotoError/download(_:)`` with
    ///   "HTTP 404 Not Found", or ``PhotoError/cancelled``.
    public func photo(for request: PhotoRequest) async throws(PhotoError) -> RGBAImage {
        try await task(for: request).value
    }

    /// A task for the processed photo `request` asks for: from the memory cache when it is
    /// there (the task has ended when this returns); otherwise it joins the work in flight for
    /// the same photo and processing, or starts it: the original first (from its cache, the
    /// work in flight, or a download), then the filter and resize.
    public func task(for request: PhotoRequest) -> PhotoTask<RGBAImage> {
        processedInFlight.task(for: ProcessedKey(request), priority: request.priority, cached: processedCache.value(forKey:)) {
            work in
            let original = original(for: request)
            original.forwardProgress { [weak work] in work?.report($0) }
            original.forwardPreviews { [weak work] in work?.report($0) }
            work.setPrelude(original)
            original.onFinishInline { [self] result in
                switch result {
                case .success(let image): work.run(processingChain(of: image, as: request.processing))
                case .failure(let error): work.complete(with: .failure(error))
                }
            }
        }
    }

    /// A task for the original of the photo `request` asks for, downloaded and decoded (to the
    /// size its processing needs): from the memory cache when it is there; otherwise it joins
    /// the download in flight for the same URL and decoding, or starts one.
    public func original(for request: PhotoRequest) -> PhotoTask<RGBAImage> {
        let key = OriginalKey(url: request.url, decoding: request.processing.decodingOptions)
        return originalsInFlight.task(for: key, priority: request.priority, cached: originalsCache.value(forKey:)) { work in
            let previews = configuration.previews.map { policy in
                DownloadPreviews(policy: policy, queue: filtrationQueue, pixelLimit: key.decoding.pixelLimit) { [weak work] in
                    work?.report($0)
                }
            }
            let download = downloadOperation(for: request, previews: previews) { [weak work] in work?.report($0) }
            keepAnimationData(of: download)
            let decode = PhotoOperations.decode(download, options: key.decoding, memoryBudget: configuration.memoryBudget)
            work.run(WorkChain(steps: [(download, downloadQueue), (decode, filtrationQueue)], last: decode))
        }
    }

    /// Downloads, decodes and processes the photo `request` asks for, encodes it as `format`
    /// and writes it to each of `files` (atomically: a file appears whole or not at all).
    ///
    /// Nothing is cached in memory and nothing is shared with other tasks: this is the batch's
    /// path, where the filter works on the decoded image in place. The task fails only when it
    /// is cancelled; a photo that cannot be had fails each of its files with the reason. With no
    /// files there is nothing to do: the task has ended when this returns, and nothing was
    /// downloaded. The files carry no metadata unless `keepingMetadata`: then the original's
    /// EXIF (orientation reset to 1) and an sRGB tag (see `OutputMetadata`). An animated GIF,
    /// WebP or PNG written as WebP keeps every frame, filtered, with its timing, unless
    /// `keepingAnimation` is false (then, as in any other format, its first frame).
    public func export(
        _ request: PhotoRequest, as format: ImageEncodingFormat, to files: [URL], keepingMetadata: Bool = false,
        keepingAnimation: Bool = true
    ) -> PhotoTask<PhotoExport> {
        // The export reports when its last file is written: with no file, nothing would report.
        guard !files.isEmpty else {
            return PhotoTask(finished: .success(PhotoExport(files: [], bytesDownloaded: 0, pixelCount: 0)), priority: request.priority)
        }
        let work = SharedWork<PhotoExport>()
        let task = PhotoTask<PhotoExport>(owner: work, priority: request.priority)
        work.attach(task)
        let download = downloadOperation(for: request) { [weak work] in work?.report($0) }
        let encoded = PhotoOperations.transcode(
            download, as: request.processing, to: format, keepingMetadata: keepingMetadata, keepingAnimation: keepingAnimation,
            memoryBudget: configuration.memoryBudget)
        let saves = files.map { PhotoOperations.save(encoded, to: $0) }
        // The saves are file I/O, on the download queue with the other I/O: on the filtration
        // queue, whose slots are the cores, a save waiting on the file system (its folder's lock,
        // a slow disk) would hold a core's slot.
        let steps: [(operation: Operation, queue: CountedQueue)] =
            [(download, downloadQueue), (encoded, filtrationQueue)] + saves.map { ($0, downloadQueue) }
        work.run(
            WorkChain(steps: steps) { done in
                let remaining = Locked(saves.count)
                // One handler per file, and the last one reports, on the thread that ran its
                // save: a hop to another thread per photo is what a batch of small photos feels.
                for save in saves {
                    save.onFinishInline { _ in
                        guard
                            remaining.withLock({ count -> Bool in
                                count -= 1
                                return count == 0
                            })
                        else { return }
                        let pixels = if case .success(let photo)? = encoded.result { photo.pixelCount } else { 0 }
                        let results = saves.map { Result<URL, PhotoError>($0.result ?? .cancelled) }
                        done(.success(PhotoExport(files: results, bytesDownloaded: download.bytesDownloaded, pixelCount: pixels)))
                    }
                }
            })
        return task
    }

    /// The bytes of `url`'s original when it is animated and was downloaded by
    /// ``original(for:)`` (for ``task(for:)`` too) not long ago: the most recent of them are
    /// kept, up to ``PhotoPipelineConfiguration/animationDataCostLimit``. Nil for a still photo,
    /// one not downloaded yet, or one whose bytes were let go.
    public func animationData(for url: URL) -> Data? {
        animationDataCache.value(forKey: url)
    }

    /// Keeps `download`'s bytes for ``animationData(for:)`` when they are an animation (found
    /// from the container alone, on the thread that ends the download).
    private func keepAnimationData(of download: DownloadOperation) {
        guard configuration.animationDataCostLimit > 0 else { return }
        download.onFinishInline { [animationDataCache, url = download.url] result in
            guard case .success(let data) = result, ImageAnimation.isAnimated(data) else { return }
            animationDataCache.insert(data, forKey: url, cost: data.count)
        }
    }

    /// The download of `request`'s photo, reporting its progress to `progress` and its bytes
    /// to the tally, and showing its body to `previews` as it arrives, until it ends.
    private func downloadOperation(
        for request: PhotoRequest, previews: DownloadPreviews? = nil, progress: @escaping @Sendable (DownloadProgress) -> Void
    ) -> DownloadOperation {
        let flight = byteTally.begin(request.url)
        var partialBody: PartialBodyObserver?
        if let previews { partialBody = { body, expected in previews.received(body, expected: expected) } }
        let download = DownloadOperation(
            url: request.url, loader: loader, cache: configuration.diskCache, refresh: request.ignoresCachedData,
            progress: { [byteTally] received, expected in
                byteTally.update(flight, received: received)
                progress(DownloadProgress(received: received, expected: expected))
            }, partialBody: partialBody)
        download.afterFinishInline { [byteTally] in
            byteTally.end(flight)
            previews?.finish()
        }
        return download
    }

    /// The steps that process `original` on the filtration queue.
    private func processingChain(of original: RGBAImage, as processing: PhotoProcessing) -> WorkChain<RGBAImage> {
        let processed = PhotoOperations.process(original, as: processing)
        return WorkChain(steps: processed.steps.map { ($0, filtrationQueue) }, last: processed.last)
    }

    // MARK: Queues

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

    /// Cancels every operation in both queues: every task not yet finished ends, most with
    /// ``PhotoError/cancelled``.
    public func cancelAll() {
        downloadQueue.cancelAllOperations()
        filtrationQueue.cancelAllOperations()
    }

    /// Snapshots of the "Download queue" and the "Image Filtration queue", in that order.
    public var queueCounters: [StageCounters] {
        [downloadQueue.counters, filtrationQueue.counters]
    }

    // MARK: Bytes

    /// Bytes that every download of `url` received so far over the network, including
    /// downloads that were cancelled part way (for measuring wasted work); nil unless the
    /// configuration ``PhotoPipelineConfiguration/countsBytesPerURL``.
    public func bytesReceived(for url: URL) -> Int? {
        byteTally.bytesReceived(for: url)
    }

    /// Bytes that every download received so far over the network.
    public var totalBytesReceived: Int {
        byteTally.totalBytesReceived
    }

    /// How many originals and processed photos are being worked on (for tests).
    var inFlightCount: Int { originalsInFlight.count + processedInFlight.count }
}
