import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations

/// The tutorial's first version, kept on purpose: the caller's thread is held until each
/// photo is downloaded, decoded and filtered, one at a time. Called from a user interface's
/// main thread, it freezes the interface while photos load ("Try scrolling the list. Painful,
/// isn't it?"), which is what `sepia browse --naive` shows and what the benchmarks compare
/// against. Never use it for anything else.
///
/// Its requests have always ended by the time they are returned; suspending and resuming do
/// nothing, and it reports no queues.
public final class BlockingPhotoLoader: PhotoLoading {
    private let loader: HTTPLoader
    /// Runs one photo's steps while the caller waits; serial, like the tutorial's main thread.
    private let steps = OperationQueue(configuration: StageConfiguration(name: "Blocking steps", maxConcurrentOperationCount: 1))

    /// A loader that downloads through `loader`.
    public init(loader: HTTPLoader) {
        self.loader = loader
    }

    public func loadOriginal(
        _ url: URL, decoding: ImageDecodingOptions, priority: Operation.QueuePriority
    ) -> any PhotoLoadingRequest {
        let download = DownloadOperation(url: url, loader: loader)
        let decode = PhotoOperations.decode(download, options: decoding)
        return PhotoRequest(finished: wait(for: [download, decode], last: decode), priority: priority)
    }

    public func loadProcessed(
        _ original: RGBAImage, of url: URL, processing: PhotoProcessing, priority: Operation.QueuePriority
    ) -> any PhotoLoadingRequest {
        let source = BlockResultOperation { _ in original }
        let processed = PhotoOperations.process(source, as: processing)
        return PhotoRequest(finished: wait(for: [source] + processed.steps, last: processed.last), priority: priority)
    }

    public func suspend() {}

    public func resume() {}

    public func downloadProgress(for url: URL) -> DownloadProgress? { nil }

    public var queueCounters: [StageCounters] { [] }

    /// Runs `operations` and holds the calling thread until they have all finished, then
    /// returns the last one's result.
    private func wait<Value>(for operations: [Operation], last: some ResultProducing<Value>) -> PhotoResult<Value> {
        steps.addOperations(operations, waitUntilFinished: true)
        return PhotoResult(last.result ?? .cancelled)
    }
}
