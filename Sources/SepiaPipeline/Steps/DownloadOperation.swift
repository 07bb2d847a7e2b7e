public import Foundation
public import SepiaOperations

/// Fetches a photo's bytes: through a ``PhotoDataLoading`` loader such as ``HTTPLoader`` (or
/// from a disk cache of earlier downloads, revalidated with the server when stale), or from a
/// local file.
///
/// A real asynchronous operation: it holds no thread while the bytes travel, and cancelling
/// it cancels the network request (closing its connection) and frees its queue slot at once.
/// Its result is the body, `.failure(PhotoError)` or `.cancelled`.
public final class DownloadOperation: AsyncResultOperation<Data>, @unchecked Sendable {
    // @unchecked Sendable: the `let`s are immutable and Sendable; `load` and the byte count are locked.

    /// What is downloaded.
    public let url: URL
    private let loader: any PhotoDataLoading
    private let cache: DiskCache?
    private let readsCache: Bool
    private let alwaysRevalidates: Bool
    private let limit: Int?
    private let downloaded = Locked(0)
    private let progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    private let partialBody: PartialBodyObserver?
    private let load = Locked<(any CancellableLoad)?>(nil)

    /// Downloads are stored in the disk cache here, off the network client's threads.
    private static let fileQueue = DispatchQueue(label: "Sepia cache writes", qos: .utility, attributes: .concurrent)
    /// Local photos are read here, never on the operation's own thread: a read that blocks
    /// (a file on a dead network mount) must not keep a cancel from ending the operation.
    private static let readQueue = DispatchQueue(label: "Sepia file reads", qos: .userInitiated, attributes: .concurrent)

    /// Creates a download of `url` (http, https or file).
    ///
    /// - Parameters:
    ///   - cache: downloads are looked up here first (unless `refresh`) and stored here after
    ///     with their response headers (unless `Cache-Control: no-store`); a fresh entry is
    ///     used without a request, a stale one is revalidated (`If-None-Match`,
    ///     `If-Modified-Since`: a 304 reuses it); see ``CachedResponseInfo``. Local files are
    ///     never cached.
    ///   - refresh: download in full even when the cache has the bytes.
    ///   - alwaysRevalidates: ask the server about a cached copy before every use, fresh or not
    ///     (for a manifest, whose rows may change before its headers say so).
    ///   - limit: the largest body accepted, in bytes; nil for the loader's own limit.
    ///   - progress: called with the bytes received over the network so far and the expected
    ///     total (when known), on an arbitrary thread; never for a local file or a cache hit.
    ///   - partialBody: shown the body as it arrives over the network (see
    ///     ``PartialBodyObserver``), when the loader can; never for a local file or a cache hit.
    public init(
        url: URL, loader: any PhotoDataLoading, cache: DiskCache? = nil, refresh: Bool = false,
        alwaysRevalidates: Bool = false, limit: Int? = nil,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil,
        partialBody: PartialBodyObserver? = nil
    ) {
        self.url = url
        self.loader = loader
        self.cache = url.isFileURL ? nil : cache
        self.readsCache = !refresh
        self.alwaysRevalidates = alwaysRevalidates
        self.limit = limit
        self.progress = progress
        self.partialBody = partialBody
        super.init()
        name = "Download \(url.lastPathComponent)"
    }

    /// Bytes of body that came over the network (0 for a cache hit, a 304 or a local file).
    public var bytesDownloaded: Int { downloaded.withLock { $0 } }

    public override func execute() {
        if url.isFileURL {
            readFile()
        } else if let cache, readsCache,
            let entry = cache.entry(forKey: url.absoluteString, maximumDataSize: limit ?? loader.maximumBodySize)
        {
            useCached(entry)
        } else {
            download(revalidating: nil)
        }
    }

    /// Uses a cache entry when it is fresh, revalidates it when it is stale and has validators,
    /// downloads the photo again otherwise. Entries stored before the cache kept response
    /// headers (empty metadata) are used as they always were: until `refresh` or eviction.
    private func useCached(_ entry: (data: Data, metadata: Data)) {
        if entry.metadata.isEmpty {
            finish(with: .success(entry.data))  // read here, like a local file: a hop costs more
            return
        }
        guard let info = CachedResponseInfo(encoded: entry.metadata) else { return download(revalidating: nil) }
        if !alwaysRevalidates, info.isFresh(at: Date()) {
            finish(with: .success(entry.data))
        } else {
            download(revalidating: info.headers.hasValidators ? (entry.data, info.headers) : nil)
        }
    }

    /// Fetches the bytes over the network, conditionally when a stale cached copy has
    /// validators, then stores them in the cache (unless the response says `no-store`).
    private func download(revalidating cached: (data: Data, headers: HTTPCacheHeaders)?) {
        let started = loader.loadResource(
            from: url, revalidating: cached?.headers, limit: limit, progress: progress, partialBody: partialBody
        ) { result in
            switch result {
            case .success(.modified(let data, let headers)):
                self.downloaded.withLock { $0 = data.count }
                Self.fileQueue.async {
                    self.remember(data, headers: headers)
                    self.finish(with: .success(data))
                }
            case .success(.notModified(let headers)):
                guard let cached else {
                    self.finish(with: .failure(PhotoError.processing("the loader answered 304 Not Modified to a plain request")))
                    return
                }
                Self.fileQueue.async {
                    self.remember(cached.data, headers: cached.headers.updated(with: headers))
                    self.finish(with: .success(cached.data))
                }
            case .failure(.cancelled): self.finish(with: .cancelled)
            case .failure(let error): self.finish(with: .failure(error))
            }
        }
        load.withLock { $0 = started }
    }

    /// Stores `data` with its headers and the time in the cache, or removes the entry when the
    /// headers forbid storing it.
    private func remember(_ data: Data, headers: HTTPCacheHeaders) {
        guard let cache else { return }
        if headers.directives.noStore {
            cache.removeData(forKey: url.absoluteString)
        } else {
            let info = CachedResponseInfo(storedAt: Date(), headers: headers)
            try? cache.store(data, metadata: info.encoded(), forKey: url.absoluteString)
        }
    }

    /// Removes the downloaded bytes from the disk cache: for a caller that found them useless
    /// (they do not decode: an HTML page served as a photo, a body cut short), so that the
    /// next run downloads them again instead of failing on the cached copy.
    public func discardCachedCopy() {
        cache?.removeData(forKey: url.absoluteString)
    }

    public override func cancelUnderlyingWork() {
        load.withLock { $0 }?.cancel()
    }

    /// Reads a local photo on the read queue, refusing anything but a regular file (a FIFO or
    /// a device could block or never end) and files over the loader's size limit before
    /// reading them. A cancel ends the operation at once, even while the read is stuck; the
    /// read's late result is then ignored.
    private func readFile() {
        let limit = limit ?? loader.maximumBodySize
        Self.readQueue.async { [url] in
            // The path's own bytes: `url.path` is empty when they are not UTF-8 (escaped in the URL).
            let path = LocalPath(fileURL: url) ?? LocalPath(url.path)
            do throws(LocalFileError) {
                // No progress report: it counts bytes received over the network.
                self.finish(with: .success(try LocalFile.readRegularFile(path, limit: limit).data))
            } catch .tooLarge {
                self.finish(with: .failure(PhotoError.download(.tooLarge(limit: limit))))
            } catch {
                self.finish(with: .failure(PhotoError.unreadableFile(path: path.readable, reason: error.description)))
            }
        }
    }
}
