import Foundation

/// Work in progress that an ``OperationStage`` can track under a key: an `Operation`, or a
/// handle on work that runs elsewhere (such as a photo pipeline's task, whose operations run
/// on the pipeline's queues).
public protocol PendingWork: AnyObject, Sendable {
    /// Whether the work has ended (completed, failed or cancelled).
    var isFinished: Bool { get }
    /// Stops the work, or withdraws the caller's interest in it.
    func cancel()
}

extension Operation: PendingWork {}
