import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations

/// One request for a photo as a ``PhotoListController`` follows it: a priority that can be
/// raised or lowered, one completion and cancellation. ``PhotoRequest`` is one.
public protocol PhotoLoadingRequest: AnyObject, Sendable {
    /// How urgent the request is (visible rows high, prefetched rows low).
    var priority: Operation.QueuePriority { get set }
    /// Calls `handler` once, on `queue`, with the result.
    func onFinish(on queue: DispatchQueue, _ handler: @escaping @Sendable (PhotoResult<RGBAImage>) -> Void)
    /// Ends the request with ``PhotoResult/cancelled`` unless it has ended already.
    func cancel()
}

extension PhotoRequest: PhotoLoadingRequest where Value == RGBAImage {}

/// What a ``PhotoListController`` loads photos with: ``PhotoPipeline`` in the app, the
/// tutorial's blocking first version for `--naive`, a fake in tests.
public protocol PhotoLoading: AnyObject, Sendable {
    /// Starts (or joins) downloading and decoding the photo at `url`.
    func loadOriginal(_ url: URL, decoding: ImageDecodingOptions, priority: Operation.QueuePriority) -> any PhotoLoadingRequest
    /// Starts (or joins) filtering and resizing `original`, the photo from `url`.
    func loadProcessed(
        _ original: RGBAImage, of url: URL, processing: PhotoProcessing, priority: Operation.QueuePriority
    ) -> any PhotoLoadingRequest
    /// Holds the work that has not started yet (while the user scrolls).
    func suspend()
    /// Lets held work start again.
    func resume()
    /// How far the download of `url` has come, while one is in flight.
    func downloadProgress(for url: URL) -> DownloadProgress?
    /// Snapshots of the loader's queues, for a status panel.
    var queueCounters: [StageCounters] { get }
}

extension PhotoPipeline: PhotoLoading {
    public func loadOriginal(
        _ url: URL, decoding: ImageDecodingOptions, priority: Operation.QueuePriority
    ) -> any PhotoLoadingRequest {
        original(for: url, decoding: decoding, priority: priority)
    }

    public func loadProcessed(
        _ original: RGBAImage, of url: URL, processing: PhotoProcessing, priority: Operation.QueuePriority
    ) -> any PhotoLoadingRequest {
        processed(original, of: url, processing: processing, priority: priority)
    }
}
