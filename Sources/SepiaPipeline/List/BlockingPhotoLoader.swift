import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations

/// The tutorial's first version, kept on purpose: every download, decode and filter runs on
/// the caller's thread, which waits until it is done. Called from a user interface's main
/// thread, it freezes the interface while photos load ("Try scrolling the list. Painful,
/// isn't it?"), which is what `sepia browse --naive` shows and what the benchmarks compare
/// against. Never use it for anything else.
///
/// Its requests have always ended by the time they are returned; it has no queues, so
/// suspending and resuming do nothing.
public final class BlockingPhotoLoader: PhotoLoading {
    private let loader: HTTPLoader

    /// A loader that downloads through `loader`.
    public init(loader: HTTPLoader) {
        self.loader = loader
    }

    public func loadOriginal(
        _ url: URL, decoding: ImageDecodingOptions, priority: Operation.QueuePriority
    ) -> any PhotoLoadingRequest {
        let download = DownloadOperation(url: url, loader: loader)
        let decode = PhotoOperations.decode(download, options: decoding)
        return PhotoRequest(finished: Self.runHere(download, then: decode), priority: priority)
    }

    public func loadProcessed(
        _ original: RGBAImage, of url: URL, processing: PhotoProcessing, priority: Operation.QueuePriority
    ) -> any PhotoLoadingRequest {
        let source = BlockResultOperation { _ in original }
        let filter = PhotoOperations.filter(source, with: processing.filter)
        guard let box = processing.fitting else {
            return PhotoRequest(finished: Self.runHere(source, then: filter), priority: priority)
        }
        let resize = PhotoOperations.resize(filter, toFit: box)
        return PhotoRequest(finished: Self.runHere(source, filter, then: resize), priority: priority)
    }

    public func suspend() {}

    public func resume() {}

    public func downloadProgress(for url: URL) -> DownloadProgress? { nil }

    public var queueCounters: [StageCounters] { [] }

    /// Starts each operation on this thread and waits for it to finish, then returns the
    /// last one's result.
    private static func runHere<Value>(
        _ steps: any ResultProducing..., then last: some ResultProducing<Value>
    ) -> PhotoResult<Value> {
        for step in steps { runAndWait(step) }
        runAndWait(last)
        return PhotoResult(last.result ?? .cancelled)
    }

    private static func runAndWait(_ step: some ResultProducing) {
        let finished = DispatchSemaphore(value: 0)
        step.onFinish(on: .global()) { _ in finished.signal() }
        step.start()
        finished.wait()
    }
}
