public import Dispatch
import Foundation
public import SepiaImaging
public import SepiaOperations

/// Where a task's priority changes and cancellation go: the shared work it waits for, or the
/// step of a two-step task that runs now.
protocol PhotoTaskOwner: AnyObject, Sendable {
    /// A task's priority changed: apply the highest priority of the tasks that wait.
    func priorityChanged()
    /// The task with this identity was cancelled: withdraw its interest.
    func withdraw(_ task: ObjectIdentifier)
    /// The queue priority the owner's operations run at now (for tests).
    var appliedPriority: Operation.QueuePriority? { get }
}

/// One caller's handle on a photo from a ``PhotoPipeline``: its result (awaited, or delivered
/// to handlers on a queue), its download progress, a priority that can change and its own
/// cancellation. Thread-safe.
///
/// Several tasks for the same photo share one chain of operations. Cancelling a task ends it at
/// once with ``PhotoError/cancelled`` while the others go on; the shared work, and its network
/// request, stop only when every task interested in it was cancelled.
///
/// ```swift
/// let task = pipeline.task(for: PhotoRequest(url: url, priority: .high))
/// Task { for await step in task.progress { print(step.received, "bytes") } }
/// let photo = try await task.value
/// ```
public final class PhotoTask<Value: Sendable>: PendingWork {
    /// A handler and where it runs: on a queue, or (for the pipeline's own hand-offs) on the
    /// thread that finishes the task.
    private struct Handler: Sendable {
        let queue: DispatchQueue?
        let body: @Sendable (Result<Value, PhotoError>) -> Void

        func run(_ result: Result<Value, PhotoError>) {
            guard let queue else { return body(result) }
            let body = body
            queue.async { body(result) }
        }
    }

    private struct State: Sendable {
        var priority: PhotoPriority
        var result: Result<Value, PhotoError>?
        var handlers: [Handler] = []
        var latestProgress: DownloadProgress?
        var progressObservers: [Int: AsyncStream<DownloadProgress>.Continuation] = [:]
        var nextObserver = 0
        /// The pipeline's own observers of the progress (work that waits for this task).
        var progressForwards: [@Sendable (DownloadProgress) -> Void] = []
        var latestPreview: ProgressivePreview?
        /// Who hears of previews: handlers on queues, and the pipeline's own forwards (nil queue).
        var previewObservers: [(queue: DispatchQueue?, body: @Sendable (ProgressivePreview) -> Void)] = []
    }

    private let state: Locked<State>
    /// The work the task follows; nil for a task answered at once (a memory-cache hit).
    private let owner: (any PhotoTaskOwner)?

    /// A task answered at once with `result`.
    init(finished result: Result<Value, PhotoError>, priority: PhotoPriority) {
        state = Locked(State(priority: priority, result: result))
        owner = nil
    }

    /// A task that follows `owner`'s work (attached by the owner); with no owner, a task that
    /// only ends when ``finish(with:)`` or ``cancel()`` is called.
    init(owner: (any PhotoTaskOwner)?, priority: PhotoPriority) {
        state = Locked(State(priority: priority))
        self.owner = owner
    }

    /// How urgent the task is. The shared work runs at the highest priority of its live tasks;
    /// a change matters while the work waits in its queue.
    public var priority: PhotoPriority {
        get { state.withLock { $0.priority } }
        set {
            state.withLock { $0.priority = newValue }
            owner?.priorityChanged()
        }
    }

    /// The result, or nil while the task is in progress.
    public var result: Result<Value, PhotoError>? { state.withLock { $0.result } }

    /// Whether the task has ended, with a photo, a failure or a cancel.
    public var isFinished: Bool { result != nil }

    /// The latest download progress, while the photo downloads.
    public var latestProgress: DownloadProgress? { state.withLock { $0.latestProgress } }

    /// The latest preview of the photo while it downloads (see ``PreviewPolicy``); nil when
    /// there was none yet, and once the task has ended.
    public var latestPreview: ProgressivePreview? { state.withLock { $0.result == nil ? $0.latestPreview : nil } }

    /// Calls `handler` on `queue` with each preview of the photo while it downloads: the latest
    /// one at once, if there is one, then each new one, until the task ends. Previews come only
    /// from a pipeline whose configuration asks for them, for a progressive JPEG or an
    /// interlaced PNG downloaded over the network; each shows more than the one before. The
    /// result's handlers registered on the same serial queue run after the last preview's.
    public func onPreview(on queue: DispatchQueue, _ handler: @escaping @Sendable (ProgressivePreview) -> Void) {
        // Queued under the lock, as `report` queues: a preview queued later shows more, and the
        // result, set under the lock after, queues its handlers after every preview.
        state.withLock { state in
            guard state.result == nil else { return }
            state.previewObservers.append((queue, handler))
            if let latest = state.latestPreview { queue.async { handler(latest) } }
        }
    }

    /// The photo, once the task ends. Cancelling the Swift task that awaits it cancels this
    /// task (and the work, when no other task wants it).
    ///
    /// - Throws: the ``PhotoError`` the task ended with (``PhotoError/cancelled`` when cancelled).
    public var value: Value {
        get async throws(PhotoError) {
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, PhotoError>, Never>) in
                    onFinishInline { continuation.resume(returning: $0) }
                }
            } onCancel: {
                cancel()
            }
            return try result.get()
        }
    }

    /// The download's progress as it happens: the latest value at once if there is one, then
    /// each update; the sequence ends when the task ends. Each use makes a new sequence.
    public var progress: AsyncStream<DownloadProgress> {
        AsyncStream { continuation in
            let registered: (id: Int, latest: DownloadProgress?)? = state.withLock { state in
                guard state.result == nil else { return nil }
                let id = state.nextObserver
                state.nextObserver += 1
                state.progressObservers[id] = continuation
                return (id, state.latestProgress)
            }
            guard let registered else { return continuation.finish() }
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.progressObservers.removeValue(forKey: registered.id) }
            }
            if let latest = registered.latest { continuation.yield(latest) }
        }
    }

    /// Calls `handler` once, on `queue`, with the result; at once (on `queue`) when the task
    /// has ended already.
    public func onFinish(on queue: DispatchQueue, _ handler: @escaping @Sendable (Result<Value, PhotoError>) -> Void) {
        add(Handler(queue: queue, body: handler))
    }

    /// Calls `handler` once with the result, on the thread that ends the task (at once, here,
    /// when it has ended): for the pipeline's own hand-offs, which must be short.
    package func onFinishInline(_ handler: @escaping @Sendable (Result<Value, PhotoError>) -> Void) {
        add(Handler(queue: nil, body: handler))
    }

    /// Ends the task with ``PhotoError/cancelled`` unless it has ended already, and withdraws
    /// its interest from the shared work, which is cancelled if no task is left.
    public func cancel() {
        guard finish(with: .failure(.cancelled)) else { return }
        owner?.withdraw(ObjectIdentifier(self))
    }

    /// The queue priority the shared work currently runs at; nil for a task answered at once.
    var workQueuePriority: Operation.QueuePriority? { owner?.appliedPriority }

    /// Passes on the download's progress to the task's observers.
    func report(_ progress: DownloadProgress) {
        let listeners = state.withLock {
            state -> (observers: [AsyncStream<DownloadProgress>.Continuation], forwards: [@Sendable (DownloadProgress) -> Void])? in
            guard state.result == nil else { return nil }
            state.latestProgress = progress
            return (Array(state.progressObservers.values), state.progressForwards)
        }
        listeners?.observers.forEach { $0.yield(progress) }
        listeners?.forwards.forEach { $0(progress) }
    }

    /// Passes on a preview to the task's observers, unless the task has ended.
    func report(_ preview: ProgressivePreview) {
        let forwards = state.withLock { state -> [@Sendable (ProgressivePreview) -> Void] in
            guard state.result == nil else { return [] }
            state.latestPreview = preview
            // Handlers on queues are queued under the lock (see `onPreview`); forwards run outside.
            var forwards: [@Sendable (ProgressivePreview) -> Void] = []
            for observer in state.previewObservers {
                if let queue = observer.queue { queue.async { observer.body(preview) } } else { forwards.append(observer.body) }
            }
            return forwards
        }
        forwards.forEach { $0(preview) }
    }

    /// Calls `forward` with each preview from now on, on the reporting thread, until the task
    /// ends: for work that waits for this task and reports on its own.
    func forwardPreviews(to forward: @escaping @Sendable (ProgressivePreview) -> Void) {
        state.withLock { state in
            if state.result == nil { state.previewObservers.append((nil, forward)) }
        }
    }

    /// Calls `forward` with each progress report from now on, on the reporting thread, until
    /// the task ends: for work that waits for this task and reports on its own.
    func forwardProgress(to forward: @escaping @Sendable (DownloadProgress) -> Void) {
        state.withLock { state in
            if state.result == nil { state.progressForwards.append(forward) }
        }
    }

    /// Ends the task with `result`, calls its handlers and ends its progress sequences; only
    /// the first call counts.
    /// - Returns: whether this call ended the task.
    @discardableResult
    package func finish(with result: Result<Value, PhotoError>) -> Bool {
        let ended = state.withLock { state -> (handlers: [Handler], observers: [AsyncStream<DownloadProgress>.Continuation])? in
            guard state.result == nil else { return nil }
            state.result = result
            defer {
                state.handlers = []
                state.progressObservers = [:]
                state.progressForwards = []
                state.previewObservers = []
                state.latestPreview = nil
            }
            return (state.handlers, Array(state.progressObservers.values))
        }
        guard let ended else { return false }
        ended.observers.forEach { $0.finish() }
        ended.handlers.forEach { $0.run(result) }
        return true
    }

    private func add(_ handler: Handler) {
        let result: Result<Value, PhotoError>? = state.withLock { state in
            if state.result == nil { state.handlers.append(handler) }
            return state.result
        }
        if let result { handler.run(result) }
    }
}
