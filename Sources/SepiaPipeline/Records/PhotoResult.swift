import SepiaOperations

/// How a ``PhotoRequest`` ended, as a row needs to know it.
public enum PhotoResult<Value: Sendable>: Sendable {
    /// The work produced `Value`.
    case success(Value)
    /// The work failed; `reason` is the root cause, fit for "Failed to load: reason".
    case failure(reason: String)
    /// The request was cancelled before the work finished.
    case cancelled

    /// The produced value, or nil when the request failed or was cancelled.
    public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The result of the last operation of a chain, with a failed input reported by its root
    /// cause and a cancelled input as ``cancelled``.
    init(_ result: OperationResult<Value>) {
        switch result {
        case .success(let value): self = .success(value)
        case .cancelled, .failure(DependencyError.inputCancelled): self = .cancelled
        case .failure(DependencyError.inputFailed(let cause)): self = .failure(reason: String(describing: cause))
        case .failure(let error): self = .failure(reason: String(describing: error))
        }
    }
}
