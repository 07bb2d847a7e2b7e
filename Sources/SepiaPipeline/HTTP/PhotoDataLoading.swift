public import Foundation

/// A download in progress that can be stopped.
public protocol CancellableLoad: Sendable {
    /// Stops the download; its completion reports ``PhotoError/cancelled`` unless it ran already.
    func cancel()
}

/// Sees a body while it downloads: called after each part with the body received so far (its
/// content encoding undone) and the length the server announced, if it did, on the loader's
/// thread. It must return quickly; the data shares the loader's buffer, so keeping it past the
/// call makes the loader copy its buffer once at its next part (for a preview, that is fine).
public typealias PartialBodyObserver = @Sendable (_ body: Data, _ expected: Int?) -> Void

/// What fetches a photo's bytes for a ``PhotoPipeline``: ``HTTPLoader`` in the app; a custom
/// loader (another transport, a test's) can take its place.
///
/// A loader reports its own failures as a ``PhotoError`` (``PhotoError/processing(_:)`` when no
/// other case fits) and honours cancellation: the pipeline cancels the load when nobody wants
/// the photo any more.
public protocol PhotoDataLoading: Sendable {
    /// The largest body accepted by default, in bytes; local photos are held to it too.
    var maximumBodySize: Int { get }

    /// Starts fetching `url`. `completion` is called exactly once, on an arbitrary thread:
    /// with the body, or with ``PhotoError/cancelled`` when the load was cancelled first, or
    /// with the failure (usually ``PhotoError/download(_:)``).
    ///
    /// - Parameters:
    ///   - limit: the largest body accepted, in bytes; nil for ``maximumBodySize``.
    ///   - progress: called with the bytes received so far and the expected total when known.
    func loadData(
        from url: URL,
        limit: Int?,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?,
        completion: @escaping @Sendable (Result<Data, PhotoError>) -> Void
    ) -> any CancellableLoad

    /// Starts fetching `url` on behalf of a cache that holds a copy with `cached` headers:
    /// when they carry validators, the server may answer that the copy is current
    /// (``HTTPResource/notModified(_:)``); otherwise, or when it changed, the body comes with
    /// what the response says about caching it. `partialBody`, if given, is shown the body as
    /// it arrives (see ``PartialBodyObserver``; for previews of progressive photos). Called as
    /// ``loadData(from:limit:progress:completion:)``.
    ///
    /// The default implementation, for loaders that know nothing of HTTP caching, ignores
    /// `cached`, never calls `partialBody` and reports every body as
    /// ``HTTPResource/modified(_:_:)`` without headers.
    func loadResource(
        from url: URL,
        revalidating cached: HTTPCacheHeaders?,
        limit: Int?,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?,
        partialBody: PartialBodyObserver?,
        completion: @escaping @Sendable (Result<HTTPResource, PhotoError>) -> Void
    ) -> any CancellableLoad
}

extension PhotoDataLoading {
    public func loadResource(
        from url: URL,
        revalidating cached: HTTPCacheHeaders?,
        limit: Int?,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?,
        partialBody: PartialBodyObserver?,
        completion: @escaping @Sendable (Result<HTTPResource, PhotoError>) -> Void
    ) -> any CancellableLoad {
        loadData(from: url, limit: limit, progress: progress) { result in
            completion(result.map { .modified($0, HTTPCacheHeaders()) })
        }
    }
}

extension HTTPLoad: CancellableLoad {}

extension HTTPLoader: PhotoDataLoading {
    public var maximumBodySize: Int { configuration.maximumBodySize }

    public func loadData(
        from url: URL,
        limit: Int?,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?,
        completion: @escaping @Sendable (Result<Data, PhotoError>) -> Void
    ) -> any CancellableLoad {
        load(url, limit: limit, progress: progress) { completion($0.mapError(PhotoError.init(downloading:))) }
    }

    public func loadResource(
        from url: URL,
        revalidating cached: HTTPCacheHeaders?,
        limit: Int?,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?,
        partialBody: PartialBodyObserver?,
        completion: @escaping @Sendable (Result<HTTPResource, PhotoError>) -> Void
    ) -> any CancellableLoad {
        load(url, revalidating: cached, limit: limit, progress: progress, partialBody: partialBody) {
            completion($0.mapError(PhotoError.init(downloading:)))
        }
    }
}
