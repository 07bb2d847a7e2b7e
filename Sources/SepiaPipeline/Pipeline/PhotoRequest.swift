public import Foundation

/// What a caller asks a ``PhotoPipeline`` for: the photo at a URL, processed a given way, at a
/// priority. Requests with the same URL and processing share their work and cache entries.
public struct PhotoRequest: Sendable, Hashable {
    /// Where the photo is: an http, https or file URL.
    public var url: URL
    /// The filter and size applied after decoding.
    public var processing: PhotoProcessing
    /// How urgent it is (see ``PhotoTask/priority``).
    public var priority: PhotoPriority
    /// Download again even when the disk cache has the bytes (the new bytes replace them).
    public var ignoresCachedData: Bool

    /// A request for the photo at `url`, processed as `processing` says (sepia by default).
    public init(
        url: URL, processing: PhotoProcessing = PhotoProcessing(), priority: PhotoPriority = .normal,
        ignoresCachedData: Bool = false
    ) {
        self.url = url
        self.processing = processing
        self.priority = priority
        self.ignoresCachedData = ignoresCachedData
    }
}
