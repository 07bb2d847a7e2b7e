public import Dispatch

/// Announces "all done" for a batch of work, on a `DispatchGroup`.
///
/// Call ``enter()`` when a piece of work starts and ``leave()`` when it ends;
/// ``notify(on:_:)`` runs its block once nothing is pending. Unlike a bare `DispatchGroup`,
/// an unbalanced ``leave()`` is ignored instead of crashing the process.
public final class BatchGroup: Sendable {
    private let group = DispatchGroup()
    /// The number of entered pieces; the group is only entered or left under this lock.
    private let pending = Locked(0)

    /// Creates an empty group.
    public init() {}

    /// Counts one more piece of work.
    public func enter() {
        pending.withLock { count in
            count += 1
            group.enter()
        }
    }

    /// Counts one piece of work as ended.
    /// - Returns: `false`, and does nothing, when no piece was pending.
    @discardableResult
    public func leave() -> Bool {
        pending.withLock { count in
            guard count > 0 else { return false }
            count -= 1
            group.leave()
            return true
        }
    }

    /// The number of pieces entered and not yet left.
    public var pendingCount: Int {
        pending.withLock { $0 }
    }

    /// Runs `work` on `queue` as one piece of the batch.
    public func async(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        enter()
        queue.async {
            work()
            self.leave()
        }
    }

    /// Runs `allDone` on `queue` once no piece is pending (at once if none is).
    public func notify(on queue: DispatchQueue, _ allDone: @escaping @Sendable () -> Void) {
        group.notify(queue: queue, execute: allDone)
    }

    /// Blocks the calling thread until no piece is pending or `timeout` passed. For tools
    /// and tests; never call it on the main queue or on a worker thread of an operation.
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
        group.wait(timeout: timeout)
    }
}
