import Foundation

/// Sepia's own ``AsyncOperation`` and ``ResultOperation``, which can keep their dependents alive
/// until they have finished and run actions at their end on their own thread (see `FinishHooks`).
protocol FinishHooked: Operation {
    func keepAliveUntilFinished(_ dependent: Operation)
    func afterFinishInline(_ action: @escaping @Sendable () -> Void)
}

extension AsyncOperation: FinishHooked {}
extension ResultOperation: FinishHooked {}

/// Keeps a dependent alive until each of its dependencies has finished, however the
/// dependency was added.
///
/// swift-corelibs-foundation's `Operation` points to its dependents without retaining them and
/// goes through those pointers when it finishes. A dependent cancelled while its input waits
/// finishes first; once nothing else holds it, it is freed, and the input's finish reads freed
/// memory (the catalog's "Operations on Linux", "Dependents kept alive"). Sepia's operations call this from `addDependency(_:)`, and its
/// queues (``CountedQueue``, so every ``OperationStage``) for each operation added to them, so
/// a plain `BlockOperation` that depends on a download is as safe as a ``TransformOperation``.
enum DependentLifetime {
    /// Watches inputs that are not Sepia's own operations: each watcher depends on one input
    /// and holds the dependent until it runs, which is after the input announced its end.
    /// Nothing cancels a watcher.
    private static let watchers: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "Sepia dependency watchers"
        return queue
    }()

    /// Keeps `dependent` alive until `input` has finished. Does nothing once it has.
    static func keep(_ dependent: Operation, aliveUntil input: Operation) {
        guard dependent !== input, !input.isFinished else { return }
        if let keeper = input as? any FinishHooked {
            keeper.keepAliveUntilFinished(dependent)
            return
        }
        // `Operation` has no other hook at its end that a caller cannot replace (the
        // completion block is the caller's), so another dependent does the keeping.
        let watcher = BlockOperation { withExtendedLifetime(dependent) {} }
        watcher.addDependency(input)
        watchers.addOperation(watcher)
    }

    /// Keeps `dependent` alive until every dependency it has now has finished.
    static func keepAliveUntilDependenciesFinish(_ dependent: Operation) {
        for input in dependent.dependencies {
            keep(dependent, aliveUntil: input)
        }
    }
}
