public import Dispatch
import Foundation

/// An asynchronous operation that produces a typed result: subclasses override
/// ``AsyncOperation/execute()`` to start the work and call ``finish(with:)`` from its callback.
///
/// When it is cancelled (before or while executing) its result is
/// ``OperationResult/cancelled`` and ``AsyncOperation/cancelUnderlyingWork()`` stops the work.
/// Calling plain ``AsyncOperation/finish()`` without a result is a bug in the subclass,
/// reported as `.failure(MissingResultError())`.
open class AsyncResultOperation<Output: Sendable>: AsyncOperation, ResultProducing, @unchecked Sendable {
    // @unchecked Sendable: the only state added here is the ResultStore, which locks itself.
    private let store = ResultStore<Output>()

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

    /// Calls `handler` once with the final result, on the thread that finishes the operation
    /// (or at once, on this thread, when it has), as ``ResultOperation/onFinishInline(_:)``
    /// does: for short hand-offs only.
    package func onFinishInline(_ handler: @escaping @Sendable (OperationResult<Output>) -> Void) {
        store.addHandler(on: nil, handler)
    }

    /// Publishes `result` and finishes. Only the first call on an executing operation
    /// counts; a result that arrives after a cancellation becomes ``OperationResult/cancelled``.
    public final func finish(with result: OperationResult<Output>) {
        guard isExecuting else { return }
        store.publish(isCancelled ? .cancelled : result)
        finish()
    }

    override func operationDidEnterFinishedState() {
        store.finalize(for: self)
    }
}
