import Dispatch
public import Foundation
import SepiaPipeline

/// A timer that has been set and can still be called off.
@MainActor
public protocol ScheduledAction: AnyObject {
    /// Calls the action off; it will not run if it has not run yet.
    func cancel()
}

/// Runs actions later on the main actor: the settle and prefetch timers of a
/// ``PhotoListController``. The app uses ``DispatchListScheduler``; tests use a clock they move
/// by hand.
@MainActor
public protocol ListScheduler {
    /// Runs `action` once, `delay` seconds from now, on the main actor.
    func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction
}

/// A ``ListScheduler`` on the main dispatch queue.
public struct DispatchListScheduler: ListScheduler {
    /// A scheduler on the main queue.
    public init() {}

    public func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        let item = DispatchWorkItem { MainActor.assumeIsolated { action() } }
        DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
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
