public import Dispatch

/// The GCD queues of the classic tutorial, by quality of service.
///
/// The main queue only runs while something drains it (`dispatchMain()` or
/// `RunLoop.main.run()`); the global queues always run.
public enum QualityOfServiceQueue: CaseIterable, Sendable {
    /// The main queue, for UI updates.
    case main
    /// For work the user is waiting on to see the next frame.
    case userInteractive
    /// For work the user asked for and waits on, such as opening a photo.
    case userInitiated
    /// For long work the user knows about, such as a batch of downloads.
    case utility
    /// For work the user does not see, such as cleaning a cache.
    case background

    /// The dispatch queue of this quality of service.
    public var queue: DispatchQueue {
        switch self {
        case .main: .main
        case .userInteractive: .global(qos: .userInteractive)
        case .userInitiated: .global(qos: .userInitiated)
        case .utility: .global(qos: .utility)
        case .background: .global(qos: .background)
        }
    }
}
