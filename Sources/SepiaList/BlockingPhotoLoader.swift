import Dispatch
public import Foundation
public import SepiaImaging
public import SepiaOperations
public import SepiaPipeline

/// The tutorial's first version, kept on purpose: the caller's thread is held until each
/// photo is downloaded, decoded and filtered, one at a time. Called from a user interface's
/// main thread, it freezes the interface while photos load ("Try scrolling the list. Painful,
/// isn't it?"), which is what `sepia browse --naive` shows and what the benchmarks compare
/// against. Never use it for anything else.
///
/// The photos come from a `PhotoPipeline` like everywhere else: only the waiting is naive.
/// These are the only blocking waits in Sepia, and they are the point of this type.
public final class BlockingPhotoLoader: PhotoListLoading {
    private let pipeline: PhotoPipeline

    /// A loader that waits for each photo of `pipeline`.
    public init(pipeline: PhotoPipeline) {
        self.pipeline = pipeline
    }

    /// Starts downloading and decoding, and returns once the task has ended.
    public func original(for request: PhotoRequest) -> PhotoTask<RGBAImage> {
        Self.waitUntilFinished(pipeline.original(for: request))
    }

    /// Starts processing, and returns once the task has ended.
    public func task(for request: PhotoRequest) -> PhotoTask<RGBAImage> {
        Self.waitUntilFinished(pipeline.task(for: request))
    }

    /// The pipeline's stages: the waits are naive, the queues are the pipeline's.
    public func pendingTasks<Key: Hashable & Sendable>(keyedBy key: Key.Type) -> PendingOperations<Key, PhotoTask<RGBAImage>> {
        pipeline.pendingTasks(keyedBy: key)
    }

    /// The pipeline's kept bytes of an animated original.
    public func animationData(for url: URL) -> Data? {
        pipeline.animationData(for: url)
    }

    /// Reads the manifests, folders or photos at `locations` on the calling thread, holding it
    /// until the rows (and what the folders skipped) are there: the tutorial's first data source.
    public static func loadSource(
        _ locations: [String], recursive: Bool = false, loader: any PhotoDataLoading
    ) -> Result<PhotoCollection, PhotoSourceError> {
        let outcome = Locked<Result<PhotoCollection, PhotoSourceError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        PhotoSource.load(locations, recursive: recursive, loader: loader) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0! }
    }

    /// Holds the calling thread until `task` has ended, and returns it.
    private static func waitUntilFinished(_ task: PhotoTask<RGBAImage>) -> PhotoTask<RGBAImage> {
        let done = DispatchSemaphore(value: 0)
        task.onFinishInline { _ in done.signal() }
        done.wait()
        return task
    }
}
