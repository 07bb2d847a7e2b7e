public import Dispatch
public import Foundation

/// A synchronous operation that produces a typed result: subclasses override ``execute()``.
///
/// `main()` runs ``execute()`` unless the operation is already cancelled and publishes
/// `.success` with its value or `.failure` with what it threw. An operation cancelled
/// before its work ran, or while it ran, reports ``OperationResult/cancelled``.
/// Handlers added with ``onFinish(on:_:)`` run once the operation finished, cancelled or not.
open class ResultOperation<Output: Sendable>: Operation, ResultProducing, @unchecked Sendable {
    // @unchecked Sendable: the only state added here is the ResultStore, which locks itself.
    private let store = ResultStore<Output>()
    private let finishHooks = FinishHooks()

    /// Creates the operation; it does nothing until a queue (or `start()`) runs it.
    public override init() {
        super.init()
    }

    /// The final result, or `nil` while the operation has not finished.
    public var result: OperationResult<Output>? { store.result(of: self) }

    /// The final result, whose value is handed over to the caller and forgotten here.
    public func handOverResult() -> OperationResult<Output>? { store.handOver(for: self) }

    /// Calls `handler` once, on `queue`, with the final result after the operation finished.
    public func onFinish(on queue: DispatchQueue, _ handler: @escaping @Sendable (OperationResult<Output>) -> Void) {
        store.addHandler(on: queue, handler)
    }

    /// Calls `handler` once with the final result, on the thread that ran the operation, just
    /// after it finished (or at once, on this thread, when it has). For Sepia's own short
    /// hand-offs, where a hop to another thread would cost more than the handler: a handler
    /// that blocks holds up that worker thread (not the operation's queue slot, which is free).
    package func onFinishInline(_ handler: @escaping @Sendable (OperationResult<Output>) -> Void) {
        store.addHandler(on: nil, handler)
    }

    /// The work: return the value or throw. Subclasses must override it.
    ///
    /// Long work should check `isCancelled` from time to time and stop early; whatever it
    /// returns after a cancellation is discarded.
    open func execute() throws -> Output {
        preconditionFailure("\(type(of: self)) must override execute()")
    }

    /// Runs ``execute()`` and publishes its outcome. (`Operation.start()` does not call
    /// `main()` once the operation is cancelled.)
    public final override func main() {
        let outcome: OperationResult<Output>
        do {
            outcome = .success(try execute())
        } catch {
            outcome = .failure(error)
        }
        store.publish(isCancelled ? .cancelled : outcome)
    }

    /// Runs the operation as `Operation` does, then calls the ``onFinish(on:_:)`` handlers.
    public final override func start() {
        super.start()
        finishHooks.fire()
        store.finalize(for: self)
    }

    /// Keeps `dependent`, an operation that depends on this one, alive until this one has
    /// finished (see `FinishHooks`: Linux's `Operation` does not retain its dependents).
    public final func keepAliveUntilFinished(_ dependent: Operation) {
        finishHooks.keep(dependent)
    }

    /// Runs `action` once the operation has finished (cancelled or not) and told its queue and
    /// dependents, on the thread that ran it, or at once when it has. For Sepia's own
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
}
