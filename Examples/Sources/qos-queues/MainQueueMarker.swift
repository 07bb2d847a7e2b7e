import Dispatch

/// Tells whether the calling code runs on the main queue.
///
/// `Thread.isMainThread` cannot: on Linux, once the main thread called `dispatchMain()`, the
/// main queue's blocks run on GCD's worker threads.
enum MainQueueMarker {
    private static let key = DispatchSpecificKey<Bool>()

    /// Marks the main queue; call it once, before ``isOnMainQueue`` is read.
    static func markMainQueue() {
        DispatchQueue.main.setSpecific(key: key, value: true)
    }

    /// Whether the caller runs on the main queue.
    static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }
}
