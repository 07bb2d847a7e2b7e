import Foundation
import SepiaImaging
import SepiaOperations

/// One chain of operations in flight and the tasks waiting for it. Thread-safe.
///
/// The chain runs at the highest priority of its live tasks and is cancelled when the last of
/// them is cancelled ("abandoned"). Lock order: a registry's lock may be held while this takes
/// its own, and this one while a task's is taken, never the other way round.
final class SharedWork<Value: Sendable>: PhotoTaskOwner {
    private struct State: Sendable {
        var operations: [Operation] = []
        /// What runs before the operations exist (the original a processed photo needs).
        var prelude: Prelude?
        var tasks: [ObjectIdentifier: PhotoTask<Value>] = [:]
        var result: Result<Value, PhotoError>?
        var isAbandoned = false
    }

    /// A task the work waits for before its operations can be made: it takes the work's
    /// priority and is cancelled with it.
    struct Prelude: Sendable {
        let setPriority: @Sendable (PhotoPriority) -> Void
        let cancel: @Sendable () -> Void
    }

    private let state = Locked(State())
    private let store: @Sendable (Value) -> Void
    private let ended: @Sendable (SharedWork<Value>) -> Void

    /// Work whose operations come with ``run(_:)``.
    ///
    /// - Parameters:
    ///   - store: sees the photo before the waiting tasks do (a cache).
    ///   - ended: runs, with no lock held, once the work has ended: after its tasks have their
    ///     result, or when the last task left before a result came.
    init(store: @escaping @Sendable (Value) -> Void = { _ in }, ended: @escaping @Sendable (SharedWork<Value>) -> Void = { _ in }) {
        self.store = store
        self.ended = ended
    }

    var appliedPriority: Operation.QueuePriority? { state.withLock { $0.operations.first?.queuePriority } }

    /// The highest priority of the waiting tasks, if any waits.
    var priority: PhotoPriority? { state.withLock { Self.highestPriority(in: $0) } }

    /// Makes `task` the step that comes before the operations: it takes the work's priority
    /// and is cancelled when the work is abandoned (at once if it was already).
    func setPrelude<Other>(_ task: PhotoTask<Other>) {
        let prelude = Prelude(setPriority: { task.priority = $0 }, cancel: { task.cancel() })
        let abandoned = state.withLock { state in
            if !state.isAbandoned { state.prelude = prelude }
            return state.isAbandoned
        }
        if abandoned { task.cancel() }
    }

    /// Adds `task` to the tasks waiting for the result, or ends it at once when the result is
    /// known.
    /// - Returns: false, leaving `task` alone, when the work was abandoned.
    @discardableResult
    func attach(_ task: PhotoTask<Value>) -> Bool {
        let (attached, known): (Bool, Result<Value, PhotoError>?) = state.withLock { state in
            guard !state.isAbandoned else { return (false, nil) }
            guard state.result == nil else { return (true, state.result) }
            state.tasks[ObjectIdentifier(task)] = task
            Self.applyHighestPriority(in: &state)
            return (true, nil)
        }
        if let known { task.finish(with: known) }
        return attached
    }

    /// Starts `chain`, unless the work was abandoned: its operations take the tasks' priority
    /// and go to their queues, and its result ends the tasks.
    func run(_ chain: WorkChain<Value>) {
        let abandoned = state.withLock { state -> Bool in
            guard !state.isAbandoned else { return true }
            state.prelude = nil
            state.operations = chain.steps.map { $0.operation }
            Self.applyHighestPriority(in: &state)
            return false
        }
        guard !abandoned else { return }
        chain.whenDone { [self] result in complete(with: result) }
        for step in chain.steps {
            step.queue.addOperation(step.operation)
        }
    }

    /// Withdraws a cancelled task; when it was the last one, abandons the work and cancels its
    /// operations.
    func withdraw(_ task: ObjectIdentifier) {
        let abandoned = state.withLock { state -> (operations: [Operation], prelude: Prelude?)? in
            guard state.tasks.removeValue(forKey: task) != nil else { return nil }
            guard state.tasks.isEmpty else {
                Self.applyHighestPriority(in: &state)
                return nil
            }
            guard state.result == nil else { return nil }
            state.isAbandoned = true
            return (state.operations, state.prelude)
        }
        guard let abandoned else { return }
        ended(self)
        abandoned.prelude?.cancel()
        abandoned.operations.forEach { $0.cancel() }
    }

    func priorityChanged() {
        state.withLock { Self.applyHighestPriority(in: &$0) }
    }

    /// Passes the download's progress on to the waiting tasks.
    func report(_ progress: DownloadProgress) {
        let tasks = state.withLock { Array($0.tasks.values) }
        tasks.forEach { $0.report(progress) }
    }

    /// Passes a preview of the photo on to the waiting tasks.
    func report(_ preview: ProgressivePreview) {
        let tasks = state.withLock { Array($0.tasks.values) }
        tasks.forEach { $0.report(preview) }
    }

    /// Ends every waiting task with `result`, after `store` has seen a photo; tasks that attach
    /// later get it at once. Only the first call counts.
    func complete(with result: Result<Value, PhotoError>) {
        if case .success(let value) = result { store(value) }
        let waiting: [PhotoTask<Value>]? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            state.prelude = nil
            defer { state.tasks = [:] }
            return Array(state.tasks.values)
        }
        guard let waiting else { return }
        waiting.forEach { $0.finish(with: result) }
        ended(self)
    }

    private static func applyHighestPriority(in state: inout State) {
        guard let highest = highestPriority(in: state) else { return }
        state.prelude?.setPriority(highest)
        for operation in state.operations where operation.queuePriority != highest.queuePriority {
            operation.queuePriority = highest.queuePriority
        }
    }

    /// The highest priority of the waiting tasks. A closure, not `map(\.priority)`: a key path
    /// into a generic class is built anew at each use, which cost more than the rest of this.
    private static func highestPriority(in state: State) -> PhotoPriority? {
        state.tasks.values.lazy.map { $0.priority }.max()
    }
}
