import Dispatch
import Foundation

/// The result of one result-producing operation and the handlers waiting for it.
///
/// Shared by both flavours of result operation. The first published result wins; once
/// ``finalize(for:)`` ran, the result is fixed and every handler has been dispatched.
final class ResultStore<Output: Sendable>: Sendable {
    /// A handler and where it runs: on a queue, or (nil) on the thread that finalizes.
    private struct Handler: Sendable {
        let queue: DispatchQueue?
        let body: @Sendable (OperationResult<Output>) -> Void

        func dispatch(_ result: OperationResult<Output>) {
            guard let queue else { return body(result) }
            let body = body
            queue.async { body(result) }
        }
    }

    private struct State: Sendable {
        var result: OperationResult<Output>?
        var isFinal = false
        var handlers: [Handler] = []
    }

    private let state = Locked(State())

    /// Records `result` unless one was recorded already.
    func publish(_ result: OperationResult<Output>) {
        state.withLock { state in
            if state.result == nil { state.result = result }
        }
    }

    /// The result as the operation's dependents must see it.
    ///
    /// An operation that finished without publishing was cancelled before its work ran
    /// (or, for an asynchronous one, finished without a result).
    func result(of operation: Operation) -> OperationResult<Output>? {
        if let published = state.withLock({ $0.result }) { return published }
        guard operation.isFinished else { return nil }
        return Self.resultWithoutPublication(isCancelled: operation.isCancelled)
    }

    /// The result, handed over: a successful value is forgotten here, and later readers see
    /// `.failure(HandedOverError())`. `nil` while the operation has not finished.
    ///
    /// Until ``finalize(for:)`` ran the value is shared, not forgotten: the handlers still
    /// need it. (A dependent can start in that moment, between the operation becoming finished
    /// and its `start()` returning; it then works on a copy.)
    func handOver(for operation: Operation) -> OperationResult<Output>? {
        let published = state.withLock { state -> OperationResult<Output>? in
            guard state.isFinal, case .success? = state.result else { return state.result }
            defer { state.result = .failure(HandedOverError()) }
            return state.result
        }
        return published ?? result(of: operation)
    }

    /// Fixes the result and calls every handler; later calls do nothing.
    ///
    /// Only reads `operation.isCancelled`, so it may run under the operation's state lock;
    /// handlers without a queue then run under it too, which only a caller that finalizes
    /// outside any lock may allow (``ResultOperation``).
    func finalize(for operation: Operation) {
        let fallback = Self.resultWithoutPublication(isCancelled: operation.isCancelled)
        let delivery: (OperationResult<Output>, [Handler])? = state.withLock { state in
            guard !state.isFinal else { return nil }
            state.isFinal = true
            let result = state.result ?? fallback
            state.result = result
            defer { state.handlers = [] }
            return (result, state.handlers)
        }
        guard let (result, handlers) = delivery else { return }
        handlers.forEach { $0.dispatch(result) }
    }

    /// Adds a handler, or calls it at once when the result is already final. Without a
    /// queue, it runs on the thread that finalizes (or on this one, when that happened).
    func addHandler(on queue: DispatchQueue?, _ body: @escaping @Sendable (OperationResult<Output>) -> Void) {
        let handler = Handler(queue: queue, body: body)
        let finalResult: OperationResult<Output>? = state.withLock { state in
            guard state.isFinal else {
                state.handlers.append(handler)
                return nil
            }
            return state.result
        }
        if let finalResult { handler.dispatch(finalResult) }
    }

    private static func resultWithoutPublication(isCancelled: Bool) -> OperationResult<Output> {
        isCancelled ? .cancelled : .failure(MissingResultError())
    }
}
