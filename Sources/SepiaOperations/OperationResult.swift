/// How an operation that produces a value ended.
///
/// Dependents read it through ``ResultProducing/result`` and completion handlers receive
/// it through ``ResultProducing/onFinish(on:_:)``.
public enum OperationResult<Value: Sendable>: Sendable {
    /// The operation produced `Value`.
    case success(Value)
    /// The operation failed; a dependent whose input failed reports a ``DependencyError``.
    case failure(any Error)
    /// The operation itself was cancelled before it finished its work.
    case cancelled

    /// The produced value, or `nil` when the operation failed or was cancelled.
    public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error the operation failed with, or `nil` when it succeeded or was cancelled.
    public var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
