public import Dispatch
public import Foundation

/// An operation that ends with a typed ``OperationResult`` for its dependents and observers.
///
/// Both flavours conform: ``ResultOperation`` (synchronous, work in `main()`) and
/// ``AsyncResultOperation`` (finishes from a callback). A dependent reads its input with
/// ``valueForDependent()``, which turns a failed or cancelled input into a ``DependencyError``.
public protocol ResultProducing<Output>: Operation {
    /// The type of value the operation produces.
    associatedtype Output: Sendable

    /// The final result, or `nil` while the operation has not finished.
    ///
    /// Once the operation is finished the result never changes. An operation cancelled
    /// before it finished its work reports ``OperationResult/cancelled``.
    var result: OperationResult<Output>? { get }

    /// Calls `handler` once, on `queue`, with the final result after the operation finished.
    ///
    /// Works on Linux, where there is no KVO: use it instead of observing `isFinished`.
    /// A handler added after the operation finished is called at once (on `queue`).
    /// An operation that is never started never calls its handlers.
    func onFinish(on queue: DispatchQueue, _ handler: @escaping @Sendable (OperationResult<Output>) -> Void)

    /// The final result like ``result``, but a successful value is handed over to the caller:
    /// this operation forgets it, and ``result`` reports `.failure(HandedOverError())` from then on.
    ///
    /// For the one dependent of an operation whose result nobody else reads: it then holds
    /// the only reference to a copy-on-write value (an image's pixels) and can change it in
    /// place instead of copying it. Handlers added with ``onFinish(on:_:)`` still get the value:
    /// a dependent that starts before they were dispatched shares the value instead.
    func handOverResult() -> OperationResult<Output>?

    /// Keeps `dependent` alive until this operation has finished: swift-corelibs-foundation's
    /// `Operation` does not retain its dependents, yet reads them when it finishes, so a
    /// dependent that ended first (cancelled) must not be freed before.
    func keepAliveUntilFinished(_ dependent: Operation)
}

extension ResultProducing {
    /// The value this operation produced, for a dependent that needs it as its input.
    ///
    /// - Throws: ``DependencyError/inputFailed(_:)`` with the root cause when this operation
    ///   failed, ``DependencyError/inputCancelled`` when it (or an input upstream) was
    ///   cancelled, ``DependencyError/inputNotFinished`` when it has not finished yet.
    public func valueForDependent() throws(DependencyError) -> Output {
        try Self.value(from: result)
    }

    /// ``valueForDependent()`` for the one reader of this operation's value, which takes it:
    /// see ``handOverResult()``.
    public func handOverValueForDependent() throws(DependencyError) -> Output {
        try Self.value(from: handOverResult())
    }

    private static func value(from result: OperationResult<Output>?) throws(DependencyError) -> Output {
        switch result {
        case .success(let value)?:
            return value
        case .failure(let error as DependencyError)?:
            throw error
        case .failure(let error)?:
            throw .inputFailed(error)
        case .cancelled?:
            throw .inputCancelled
        case nil:
            throw .inputNotFinished
        }
    }
}
