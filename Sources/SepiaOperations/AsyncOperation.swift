public import Foundation

/// An operation whose work finishes later, in a callback: subclasses override ``execute()``
/// to start the work and call ``finish()`` when it is done.
///
/// Built for swift-corelibs-foundation, which has no KVO: the state lives under a lock,
/// is changed first, and only then is the queue told through `didChangeValue(forKey:)` with
/// the `"isExecuting"` and `"isFinished"` keys that Linux's `OperationQueue` reacts to.
///
/// No queue slot can leak:
/// - started after being cancelled, it finishes at once without calling ``execute()``;
/// - cancelled while executing, it calls ``cancelUnderlyingWork()`` and finishes;
/// - ``finish()`` takes effect once; later calls (say, a late network callback) do nothing.
open class AsyncOperation: Operation, @unchecked Sendable {
    // @unchecked Sendable: all mutable state added here is inside `state`, under its lock.

    private enum Phase: Sendable {
        case waiting, executing, finished
    }

    private struct State: Sendable {
        var phase = Phase.waiting
        /// True while `execute()` runs, so the cancel hook can wait until it returned.
        var isInsideExecute = false
        var isCancelHandled = false
    }

    private enum StateKey {
        static let isExecuting = "isExecuting"
        static let isFinished = "isFinished"
    }

    private let state = Locked(State())
    private let finishHooks = FinishHooks()

    /// Creates the operation; it does nothing until a queue (or `start()`) runs it.
    public override init() {
        super.init()
    }

    /// Always `true`: the work finishes after `start()` returned.
    public final override var isAsynchronous: Bool { true }

    /// Whether ``execute()`` was called and the operation has not finished yet.
    public final override var isExecuting: Bool {
        state.withLock { $0.phase == .executing }
    }

    /// Whether the operation finished, by ``finish()`` or by being cancelled.
    public final override var isFinished: Bool {
        state.withLock { $0.phase == .finished }
    }

    /// Starts the work, or finishes at once when the operation was cancelled before.
    ///
    /// Called by the operation queue; a second call does nothing.
    public final override func start() {
        let willExecute: Bool? = state.withLock { state in
            guard state.phase == .waiting else { return nil }
            if isCancelled {
                state.phase = .finished
                operationDidEnterFinishedState()
                return false
            }
            state.phase = .executing
            state.isInsideExecute = true
            return true
        }
        switch willExecute {
        case nil:
            return
        case false?:
            willChangeValue(forKey: StateKey.isFinished)
            didChangeValue(forKey: StateKey.isFinished)
            finishHooks.fire()
        case true?:
            willChangeValue(forKey: StateKey.isExecuting)
            didChangeValue(forKey: StateKey.isExecuting)
            execute()
            let cancelledDuringExecute = state.withLock { state in
                state.isInsideExecute = false
                return state.isCancelHandled && state.phase == .executing
            }
            if cancelledDuringExecute { cancelExecutingWork() }
        }
    }

    /// Marks the operation cancelled; when it is executing, cancels the underlying work
    /// through ``cancelUnderlyingWork()`` and finishes, so its queue slot frees at once.
    ///
    /// An operation that is still waiting only records the cancellation: it finishes
    /// without executing when its queue starts it.
    public final override func cancel() {
        super.cancel()
        let cancelNow = state.withLock { state -> Bool in
            guard state.phase == .executing, !state.isCancelHandled else { return false }
            state.isCancelHandled = true
            return !state.isInsideExecute
        }
        if cancelNow { cancelExecutingWork() }
    }

    /// Starts the work. Override it, and call ``finish()`` once the work is done, from any
    /// thread. The default implementation finishes at once.
    ///
    /// Only start the work here; do not wait for it: waiting blocks a worker thread.
    open func execute() {
        finish()
    }

    /// Cancels the work that ``execute()`` started, such as a network task. Does nothing
    /// by default.
    ///
    /// Called at most once, when the operation is cancelled while executing, never while
    /// ``execute()`` is still running (it waits until `execute()` returned), and never with
    /// a lock held. The work may have completed just before: cancelling it must then be
    /// harmless. The operation finishes right after this returns.
    open func cancelUnderlyingWork() {}

    /// Ends the operation and frees its queue slot.
    ///
    /// Only the first call on an executing operation counts; calls before it started or
    /// after it finished do nothing. Safe from any thread.
    public final func finish() {
        let didFinish = state.withLock { state -> Bool in
            guard state.phase == .executing else { return false }
            state.phase = .finished
            operationDidEnterFinishedState()
            return true
        }
        guard didFinish else { return }
        willChangeValue(forKey: StateKey.isExecuting)
        willChangeValue(forKey: StateKey.isFinished)
        didChangeValue(forKey: StateKey.isExecuting)
        didChangeValue(forKey: StateKey.isFinished)
        finishHooks.fire()
    }

    /// Keeps `dependent`, an operation that depends on this one, alive until this one has
    /// finished (see `FinishHooks`: Linux's `Operation` does not retain its dependents).
    public final func keepAliveUntilFinished(_ dependent: Operation) {
        finishHooks.keep(dependent)
    }

    /// Runs `action` once the operation has finished (cancelled or not) and told its queue and
    /// dependents, on the thread that finished it, or at once when it has. For Sepia's own
    /// bookkeeping: no hop to another thread, unlike `completionBlock`.
    package final func afterFinishInline(_ action: @escaping @Sendable () -> Void) {
        finishHooks.afterFinishInline(action)
    }

    /// Makes this operation depend on `operation`, which then keeps it alive until it has
    /// finished (Linux's `Operation` reads its dependents unretained when it finishes).
    open override func addDependency(_ operation: Operation) {
        super.addDependency(operation)
        DependentLifetime.keep(self, aliveUntil: operation)
    }

    /// Called exactly once, under the state lock, just after the operation became finished
    /// and before its queue and dependents hear of it. For subclasses in this module that
    /// must fix their result first; it must not read `isExecuting` or `isFinished`.
    func operationDidEnterFinishedState() {}

    private func cancelExecutingWork() {
        cancelUnderlyingWork()
        finish()
    }
}
