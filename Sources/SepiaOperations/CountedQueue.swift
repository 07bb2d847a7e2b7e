public import Foundation

/// A named `OperationQueue` that counts the operations it ran to their end, completed or
/// cancelled, for a status panel. Thread-safe.
///
/// Sepia's own operations (``ResultOperation``, ``AsyncOperation``) are counted on the thread that
/// finished them, right after. Any other operation is counted from its `completionBlock`, the
/// one end-of-operation hook a plain `Operation` has on Linux (there is no KVO): set its block
/// before adding it; the queue chains its count after it.
public final class CountedQueue: Sendable {
    private struct Tally: Sendable {
        var completed = 0
        var cancelled = 0
    }

    /// The queue's name, as shown in logs and panels.
    public let name: String
    private let queue: OperationQueue
    private let tally = Locked(Tally())

    /// A queue built as `configuration` says (its quality of service is set before any
    /// operation is added, the only time it counts on Linux).
    public init(configuration: StageConfiguration) {
        name = configuration.name
        queue = OperationQueue(configuration: configuration)
    }

    /// How many operations may run at once; can be changed at any time.
    public var maxConcurrentOperationCount: Int {
        get { queue.maxConcurrentOperationCount }
        set { queue.maxConcurrentOperationCount = newValue }
    }

    /// Adds `operation`, which must not be in a queue already; `ended` runs once it has
    /// finished (cancelled or not): for Sepia's own operations on the thread that finished it,
    /// for others on an arbitrary thread after their `completionBlock`.
    /// The operation is kept alive until the dependencies it has now have finished, even
    /// when it is cancelled and ends before them.
    public func addOperation(_ operation: Operation, ended: (@Sendable (Operation) -> Void)? = nil) {
        // Held weakly: Linux never clears a completion block after it ran.
        let noteEnd: @Sendable () -> Void = { [weak self, weak operation] in
            guard let operation else { return }
            self?.count(operation)
            ended?(operation)
        }
        if let own = operation as? any FinishHooked {
            own.afterFinishInline(noteEnd)
        } else {
            let callerCompletion = operation.completionBlock
            operation.completionBlock = {
                callerCompletion?()
                noteEnd()
            }
        }
        // Added here, a dependent cancelled before its inputs end must outlive them.
        DependentLifetime.keepAliveUntilDependenciesFinish(operation)
        queue.addOperation(operation)
    }

    /// Cancels every operation in the queue (running or waiting).
    public func cancelAllOperations() {
        queue.cancelAllOperations()
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

    /// A snapshot of what the queue is doing.
    public var counters: StageCounters {
        let queued = queue.operations
        let (completed, cancelled) = tally.withLock { ($0.completed, $0.cancelled) }
        return StageCounters(
            name: name,
            running: queued.count { $0.isExecuting },
            waiting: queued.count { !$0.isExecuting && !$0.isFinished },
            isSuspended: queue.isSuspended,
            completed: completed,
            cancelled: cancelled
        )
    }

    private func count(_ operation: Operation) {
        let wasCancelled = operation.isCancelled
        tally.withLock { tally in
            if wasCancelled {
                tally.cancelled += 1
            } else {
                tally.completed += 1
            }
        }
    }
}
