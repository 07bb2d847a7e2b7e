import Dispatch
import Foundation
import SepiaOperations

/// One caller's interest in a photo from a ``PhotoPipeline``: its priority, its completion
/// handlers and its own cancellation. Thread-safe.
///
/// Several requests for the same photo share one chain of operations. Cancelling a request
/// ends it at once with ``PhotoResult/cancelled`` while the others go on; the shared work
/// stops only when every request interested in it was cancelled.
public final class PhotoRequest<Value: Sendable>: Sendable {
    private struct Handler: Sendable {
        let queue: DispatchQueue
        let body: @Sendable (PhotoResult<Value>) -> Void

        func dispatch(_ result: PhotoResult<Value>) {
            let body = body
            queue.async { body(result) }
        }
    }

    private struct State: Sendable {
        var priority: Operation.QueuePriority
        var result: PhotoResult<Value>?
        var handlers: [Handler] = []
    }

    private let state: Locked<State>
    /// The shared work; nil when the request was answered at once (a memory-cache hit).
    private let work: SharedWork<Value>?

    /// A request answered at once with `result`.
    init(finished result: PhotoResult<Value>, priority: Operation.QueuePriority) {
        state = Locked(State(priority: priority, result: result))
        work = nil
    }

    /// A request that still has to be attached to `work` (see ``SharedWork/attach(_:)``).
    init(waitingFor work: SharedWork<Value>, priority: Operation.QueuePriority) {
        state = Locked(State(priority: priority))
        self.work = work
    }

    /// How urgent the request is: visible rows high, prefetching low. The shared work runs at
    /// the highest priority of its live requests; changing it matters while the work waits
    /// in its queue.
    public var priority: Operation.QueuePriority {
        get { state.withLock { $0.priority } }
        set {
            state.withLock { $0.priority = newValue }
            work?.updatePriority()
        }
    }

    /// The result, or nil while the request is in progress.
    public var result: PhotoResult<Value>? { state.withLock { $0.result } }

    /// Calls `handler` once, on `queue`, with the result; at once (on `queue`) when the
    /// request has already ended.
    public func onFinish(on queue: DispatchQueue, _ handler: @escaping @Sendable (PhotoResult<Value>) -> Void) {
        let handler = Handler(queue: queue, body: handler)
        let result: PhotoResult<Value>? = state.withLock { state in
            if state.result == nil { state.handlers.append(handler) }
            return state.result
        }
        if let result { handler.dispatch(result) }
    }

    /// Ends the request with ``PhotoResult/cancelled`` unless it has ended already, and
    /// withdraws its interest from the shared work, which is cancelled if no request is left.
    public func cancel() {
        guard finish(with: .cancelled) else { return }
        work?.detach(self)
    }

    /// The queue priority the shared work currently runs at; nil for a request answered at once.
    var workQueuePriority: Operation.QueuePriority? { work?.appliedPriority }

    /// Ends the request with `result` and calls its handlers; only the first call counts.
    /// - Returns: whether this call ended the request.
    @discardableResult
    func finish(with result: PhotoResult<Value>) -> Bool {
        let handlers: [Handler]? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.handlers = [] }
            return state.handlers
        }
        handlers?.forEach { $0.dispatch(result) }
        return handlers != nil
    }
}
