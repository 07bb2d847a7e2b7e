/// Why an operation did no work: its input operation did not produce a value.
///
/// An operation that was cancelled itself reports ``OperationResult/cancelled`` instead,
/// so callers can tell "my input failed with X" from "I was cancelled".
public enum DependencyError: Error, Sendable, CustomStringConvertible {
    /// The input failed with this error. Along a chain it carries the root cause: a
    /// dependent of a dependent sees the first error, not a nest of wrappers.
    case inputFailed(any Error)
    /// The input was cancelled.
    case inputCancelled
    /// The input had not finished when it was read: the dependency was never added.
    case inputNotFinished

    /// A short reason, fit for a log line or a failed row.
    public var description: String {
        switch self {
        case .inputFailed(let error): "input failed: \(error)"
        case .inputCancelled: "input was cancelled"
        case .inputNotFinished: "input had not finished"
        }
    }
}
