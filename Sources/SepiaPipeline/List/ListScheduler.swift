import Dispatch
import Foundation

/// A timer that has been set and can still be called off.
public protocol ScheduledAction: AnyObject {
    /// Calls the action off; it will not run if it has not run yet.
    func cancel()
}

/// Runs actions later: the settle timer of a ``PhotoListController``. The app uses
/// ``DispatchListScheduler``; tests use a clock they move by hand.
public protocol ListScheduler {
    /// Runs `action` once, `delay` seconds from now, on the controller's queue (the one the
    /// scheduler was made for).
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction
}

/// A ``ListScheduler`` on a dispatch queue (the main queue by default).
public struct DispatchListScheduler: ListScheduler {
    private let queue: DispatchQueue

    /// A scheduler that runs actions on `queue`.
    public init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        let item = DispatchWorkItem(block: action)
        queue.asyncAfter(deadline: .now() + delay, execute: item)
        return DispatchScheduledAction(item: item)
    }
}

private final class DispatchScheduledAction: ScheduledAction {
    private let item: DispatchWorkItem

    init(item: DispatchWorkItem) {
        self.item = item
    }

    func cancel() {
        item.cancel()
    }
}
