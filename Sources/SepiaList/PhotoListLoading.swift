public import Foundation
public import SepiaImaging
public import SepiaOperations
public import SepiaPipeline

/// What a ``PhotoListController`` loads photos with: a `PhotoPipeline` in the app, the
/// tutorial's blocking first version for `--naive` (``BlockingPhotoLoader``), a fake in tests.
public protocol PhotoListLoading: AnyObject, Sendable {
    /// Starts (or joins) downloading and decoding the photo of `request`.
    func original(for request: PhotoRequest) -> PhotoTask<RGBAImage>
    /// Starts (or joins) processing the photo of `request`; its original comes from the
    /// loader's cache when it was just loaded.
    func task(for request: PhotoRequest) -> PhotoTask<RGBAImage>
    /// A new table of these tasks in progress per key (a row): the tutorial's
    /// `PendingOperations`, with a stage for the tasks of ``original(for:)`` first and one for
    /// those of ``task(for:)`` second. Each stage is over the queue the tasks' work runs on, so
    /// that suspending a stage holds that work and its counters tell what the work does.
    func pendingTasks<Key: Hashable & Sendable>(keyedBy key: Key.Type) -> PendingOperations<Key, PhotoTask<RGBAImage>>
    /// The bytes of `url`'s original when it is an animation the loader downloaded and kept
    /// (`PhotoPipeline.animationData(for:)`), for an ``AnimationPlayer``; nil otherwise. By
    /// default nil: a loader that keeps none plays nothing.
    func animationData(for url: URL) -> Data?
}

extension PhotoListLoading {
    public func animationData(for url: URL) -> Data? { nil }
}

extension PhotoPipeline: PhotoListLoading {
    /// Stages over the download queue and the filtration queue (the pipeline's own
    /// `original(for:)` and `task(for:)` are the other requirements).
    public func pendingTasks<Key: Hashable & Sendable>(keyedBy key: Key.Type) -> PendingOperations<Key, PhotoTask<RGBAImage>> {
        PendingOperations(queues: [downloadQueue, filtrationQueue])
    }
}
