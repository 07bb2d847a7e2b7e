public import Foundation

/// Lets long-running work see whether its operation was cancelled, without handing the
/// work the operation itself.
public struct CancellationCheck: Sendable {
    private let operation: Operation

    /// A check that reports the cancellation of `operation`.
    public init(_ operation: Operation) {
        self.operation = operation
    }

    /// Whether the operation was cancelled.
    public var isCancelled: Bool { operation.isCancelled }

    /// Throws `CancellationError` when the operation was cancelled.
    public func throwIfCancelled() throws {
        if isCancelled { throw CancellationError() }
    }
}
