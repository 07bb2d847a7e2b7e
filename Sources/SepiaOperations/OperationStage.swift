public import Foundation

/// One stage of work (download, filter, ...): a named `OperationQueue` plus the work in
/// progress for each key (such as a row), like one of the tutorial's
/// `downloadsInProgress` / `filtrationsInProgress` dictionaries. Thread-safe.
///
/// The work of a key is an operation added to the stage's queue (``add(_:forKey:)``, in a
/// stage of `Operation`s), or a handle on work that already runs on that queue
/// (``track(_:forKey:)``, such as a photo pipeline's tasks). It is forgotten when it ends, unless
/// newer work replaced it under the same key, and at once when it is cancelled through
/// ``cancel(keys:)``, so a key can be started again straight away. Lookups never report work
/// that has finished, and give it as the stage's `Work` type.
public final class OperationStage<Key: Hashable & Sendable, Work: PendingWork>: Sendable {
    /// The stage's name, also its queue's name.
    public let name: String
    private let queue: CountedQueue
    /// Work tracked under a key, and whether a lookup may forget it once it has finished.
    private struct Entry: Sendable {
        let work: Work
        /// True for operations added here; false for tracked work, which its owner removes
        /// (its result may still be on its way to the owner when it has finished).
        let forgetsWhenFinished: Bool
    }

    private let operations = Locked<[Key: Entry]>([:])

    /// Creates the stage and its queue.
    public convenience init(configuration: StageConfiguration) {
        self.init(queue: CountedQueue(configuration: configuration))
    }

    /// A stage over `queue`, which others may add operations to as well (a pipeline's queue,
    /// whose work the stage tracks per key with ``track(_:forKey:)``).
    public init(queue: CountedQueue) {
        name = queue.name
        self.queue = queue
    }

    /// How many operations may run at once; can be changed at any time.
    public var maxConcurrentOperationCount: Int {
        get { queue.maxConcurrentOperationCount }
        set { queue.maxConcurrentOperationCount = newValue }
    }

    /// Tracks `work` under `key` without adding anything to the queue: the work runs on the
    /// stage's queue already (or elsewhere). It stays tracked, even once it has finished, until
    /// ``remove(_:forKey:)`` (when its owner has taken its result) or a cancel through the stage.
    /// - Returns: the work that was tracked under `key` before; it is not cancelled.
    @discardableResult
    public func track(_ work: Work, forKey key: Key) -> Work? {
        operations.withLock { $0.updateValue(Entry(work: work, forgetsWhenFinished: false), forKey: key) }?.work
    }

    /// Forgets `work` if it is still what is tracked under `key`.
    /// - Returns: whether it was (false when newer work replaced it, or it was cancelled
    ///   through the stage): a result that arrives for `work` is then stale.
    @discardableResult
    public func remove(_ work: Work, forKey key: Key) -> Bool {
        operations.withLock { operations in
            guard let current = operations[key], current.work === work else { return false }
            operations[key] = nil
            return true
        }
    }

    /// The work in progress for `key`, if any; never an operation added here that has finished.
    public func work(forKey key: Key) -> Work? {
        guard let entry = operations.withLock({ $0[key] }) else { return nil }
        guard entry.forgetsWhenFinished, entry.work.isFinished else { return entry.work }
        forget(entry.work, key: key)
        return nil
    }

    /// Whether `key` has work in progress.
    public func contains(_ key: Key) -> Bool {
        work(forKey: key) != nil
    }

    /// The keys that have work in progress (see ``work(forKey:)``).
    public var keys: Set<Key> {
        let operations = operations.withLock { $0 }
        return Set(operations.filter { !$0.value.forgetsWhenFinished || !$0.value.work.isFinished }.keys)
    }

    /// Cancels and forgets the work of `keys`; unknown keys are ignored.
    public func cancel(keys: some Sequence<Key>) {
        let cancelled = operations.withLock { operations in
            keys.compactMap { operations.removeValue(forKey: $0)?.work }
        }
        cancelled.forEach { $0.cancel() }
    }

    /// Cancels and forgets all the work in progress.
    public func cancelAll() {
        let cancelled = operations.withLock { operations in
            defer { operations.removeAll() }
            return operations.values.map(\.work)
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

    /// Removes `work` unless newer work replaced it under `key`.
    private func forget(_ work: Work, key: Key) {
        remove(work, forKey: key)
    }
}

extension OperationStage where Work == Operation {
    /// Tracks `operation` under `key` and adds it to the stage's queue.
    ///
    /// The operation must not be in a queue already. Add its dependencies before calling this:
    /// the stage keeps it alive until those dependencies have finished. A plain `Operation`
    /// (not one of Sepia's) has its end noted through its `completionBlock`: set the block
    /// before too, as the stage chains its bookkeeping after it; a block set afterwards replaces
    /// that bookkeeping (lookups stay right, but the end is not counted).
    /// - Returns: the operation that was tracked under `key` before; it is not cancelled.
    @discardableResult
    public func add(_ operation: Operation, forKey key: Key) -> Operation? {
        let replaced = operations.withLock { $0.updateValue(Entry(work: operation, forgetsWhenFinished: true), forKey: key) }?.work
        queue.addOperation(operation) { [weak self] ended in
            self?.forget(ended, key: key)
        }
        return replaced
    }
}
