import Foundation

/// One stage of work (download, filter, ...): a named `OperationQueue` plus the operation
/// in progress for each key (such as a row), like one of the tutorial's
/// `downloadsInProgress` / `filtrationsInProgress` dictionaries. Thread-safe.
///
/// An operation is forgotten when it ends, unless a newer operation replaced it under the
/// same key, and at once when it is cancelled through ``cancel(keys:)``, so a key can be
/// started again straight away. Lookups never report an operation that has finished.
public final class OperationStage<Key: Hashable & Sendable>: Sendable {
    /// The stage's name, also its queue's name.
    public let name: String
    private let queue: CountedQueue
    private let operations = Locked<[Key: Operation]>([:])

    /// Creates the stage and its queue.
    public init(configuration: StageConfiguration) {
        name = configuration.name
        queue = CountedQueue(configuration: configuration)
    }

    /// How many operations may run at once; can be changed at any time.
    public var maxConcurrentOperationCount: Int {
        get { queue.maxConcurrentOperationCount }
        set { queue.maxConcurrentOperationCount = newValue }
    }

    /// Tracks `operation` under `key` and adds it to the stage's queue.
    ///
    /// The operation must not be in a queue already. Add its dependencies and set its
    /// `completionBlock` before calling this: the stage keeps it alive until those
    /// dependencies have finished, and chains its bookkeeping after the block. A block set afterwards
    /// replaces that bookkeeping; lookups stay right, but the end is not counted.
    /// - Returns: the operation that was tracked under `key` before; it is not cancelled.
    @discardableResult
    public func add(_ operation: Operation, forKey key: Key) -> Operation? {
        let replaced = operations.withLock { $0.updateValue(operation, forKey: key) }
        queue.addOperation(operation) { [weak self] ended in
            self?.forget(ended, key: key)
        }
        return replaced
    }

    /// The operation in progress for `key`, if any; never one that has finished.
    public func operation(forKey key: Key) -> Operation? {
        guard let operation = operations.withLock({ $0[key] }) else { return nil }
        guard operation.isFinished else { return operation }
        forget(operation, key: key)
        return nil
    }

    /// The keys that have an operation in progress (not finished).
    public var keys: Set<Key> {
        let operations = operations.withLock { $0 }
        return Set(operations.filter { !$0.value.isFinished }.keys)
    }

    /// Cancels and forgets the operations of `keys`; unknown keys are ignored.
    public func cancel(keys: some Sequence<Key>) {
        let cancelled = operations.withLock { operations in
            keys.compactMap { operations.removeValue(forKey: $0) }
        }
        cancelled.forEach { $0.cancel() }
    }

    /// Cancels and forgets every operation in progress.
    public func cancelAll() {
        let cancelled = operations.withLock { operations in
            defer { operations.removeAll() }
            return Array(operations.values)
        }
        cancelled.forEach { $0.cancel() }
    }

    /// Whether the queue is suspended: operations already running go on, no new one starts.
    public var isSuspended: Bool { queue.isSuspended }

    /// Holds operations that have not started yet.
    public func suspend() {
        queue.suspend()
    }

    /// Lets held operations start again.
    public func resume() {
        queue.resume()
    }

    /// A snapshot of what the stage is doing.
    public var counters: StageCounters { queue.counters }

    /// Removes `operation` unless a newer operation replaced it under `key`.
    private func forget(_ operation: Operation, key: Key) {
        operations.withLock { operations in
            if operations[key] === operation {
                operations[key] = nil
            }
        }
    }
}
