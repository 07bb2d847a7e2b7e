import Foundation
import SepiaOperations

/// The operations that make one result, each with the queue it runs on, inputs first, and how
/// their result is known.
struct WorkChain<Value: Sendable>: Sendable {
    /// Every operation of the chain and its queue.
    let steps: [(operation: Operation, queue: CountedQueue)]
    /// Calls its argument once, on an arbitrary thread, with the chain's result once every
    /// operation that makes it has ended.
    let whenDone: @Sendable (@escaping @Sendable (Result<Value, PhotoError>) -> Void) -> Void

    /// A chain whose result is `last`'s.
    init(steps: [(operation: Operation, queue: CountedQueue)], last: some ResultProducing<Value>) {
        self.steps = steps
        whenDone = { handler in last.onFinish(on: .global()) { handler(Result($0)) } }
    }

    /// A chain whose result `whenDone` gathers.
    init(
        steps: [(operation: Operation, queue: CountedQueue)],
        whenDone: @escaping @Sendable (@escaping @Sendable (Result<Value, PhotoError>) -> Void) -> Void
    ) {
        self.steps = steps
        self.whenDone = whenDone
    }
}
