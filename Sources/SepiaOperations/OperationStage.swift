import Foundation

/// One stage of work (download, filter, ...): a named `OperationQueue` plus the operation
/// in progress for each key (such as a row), like one of the tutorial's
/// `downloadsInProgress` / `filtrationsInProgress` dictionaries. Thread-safe.
///
/// An operation is forgotten when it ends, unless a newer operation replaced it under the
/// same key, and at once when it is cancelled through ``cancel(keys:)``, so a key can be
/// started again straight away. Lookups never report an operation that has finished.
public final class OperationStage<Key: Hashable & Sendable>: Sendable {
    private struct State: Sendable {
        var operations: [Key: Operation] = [:]
        var completedCount = 0
        var cancelledCount = 0
    }

    /// The stage's name, also its queue's name.
    public let name: String
    private let queue: OperationQueue
    private let state = Locked(State())

    /// Creates the stage and its queue.
    public init(configuration: StageConfiguration) {
        name = configuration.name
        queue = OperationQueue()
        queue.name = configuration.name
        // Must happen before the first operation is added to matter on Linux.
        queue.qualityOfService = configuration.qualityOfService
        queue.maxConcurrentOperationCount = configuration.maxConcurrentOperationCount
    }

    /// How many operations may run at once; can be changed at any time.
    public var maxConcurrentOperationCount: Int {
        get { queue.maxConcurrentOperationCount }
        set { queue.maxConcurrentOperationCount = newValue }
    }

    /// Tracks `operation` under `key` and adds it to the stage's queue.
    ///
    /// The operation must not be in a queue already. Set its `completionBlock` before
    /// calling this: the stage chains its bookkeeping after it. A block set afterwards
    /// replaces that bookkeeping; lookups stay right, but the end is not counted.
    /// - Returns: the operation that was tracked under `key` before; it is not cancelled.
    @discardableResult
    public func add(_ operation: Operation, forKey key: Key) -> Operation? {
        let replaced = state.withLock { $0.operations.updateValue(operation, forKey: key) }
        forgetWhenEnded(operation, key: key)
        queue.addOperation(operation)
        return replaced
    }

    /// The operation in progress for `key`, if any; never one that has finished.
    public func operation(forKey key: Key) -> Operation? {
        guard let operation = state.withLock({ $0.operations[key] }) else { return nil }
        guard operation.isFinished else { return operation }
        forget(operation, key: key)
        return nil
    }

    /// The keys that have an operation in progress (not finished).
    public var keys: Set<Key> {
        let operations = state.withLock { $0.operations }
        return Set(operations.filter { !$0.value.isFinished }.keys)
    }

    /// Cancels and forgets the operations of `keys`; unknown keys are ignored.
    public func cancel(keys: some Sequence<Key>) {
        let cancelled = state.withLock { state in
            keys.compactMap { state.operations.removeValue(forKey: $0) }
        }
        cancelled.forEach { $0.cancel() }
    }

    /// Cancels and forgets every operation in progress.
    public func cancelAll() {
        let cancelled = state.withLock { state in
            defer { state.operations.removeAll() }
            return Array(state.operations.values)
        }
        cancelled.forEach { $0.cancel() }
    }

    /// Whether the queue is suspended: operations already running go on, no new one starts.
    public var isSuspended: Bool { queue.isSuspended }

    /// Holds operations that have not started yet.
    public func suspend() {
        queue.isSuspended = true
    }

    /// Lets held operations start again.
    public func resume() {
        queue.isSuspended = false
    }

    /// A snapshot of what the stage is doing.
    public var counters: StageCounters {
        let queued = queue.operations
        let running = queued.count { $0.isExecuting }
        let waiting = queued.count { !$0.isExecuting && !$0.isFinished }
        let (completed, cancelled) = state.withLock { ($0.completedCount, $0.cancelledCount) }
        return StageCounters(
            name: name,
            running: running,
            waiting: waiting,
            isSuspended: queue.isSuspended,
            completed: completed,
            cancelled: cancelled
        )
    }

    /// Without KVO, `completionBlock` is the one end-of-operation hook every `Operation`
    /// has; it runs (on some global queue, shortly after the operation finished) whether the
    /// operation succeeded, failed or was cancelled. A dependent bookkeeping operation would
    /// leave the block free, but Linux's `OperationQueue` rescans every waiting operation that
    /// is not ready each time it schedules, so thousands of them cost quadratic time.
    /// Linux never clears the block after it ran: it must not hold the operation strongly.
    private func forgetWhenEnded(_ operation: Operation, key: Key) {
        let callerCompletion = operation.completionBlock
        operation.completionBlock = { [weak self, weak operation] in
            callerCompletion?()
            guard let self, let operation else { return }
            self.operationEnded(operation, key: key)
        }
    }

    private func operationEnded(_ operation: Operation, key: Key) {
        let wasCancelled = operation.isCancelled
        state.withLock { state in
            if wasCancelled {
                state.cancelledCount += 1
            } else {
                state.completedCount += 1
            }
        }
        forget(operation, key: key)
    }

    /// Removes `operation` unless a newer operation replaced it under `key`.
    private func forget(_ operation: Operation, key: Key) {
        state.withLock { state in
            if state.operations[key] === operation {
                state.operations[key] = nil
            }
        }
    }
}
