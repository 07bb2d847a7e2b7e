import Foundation
import SepiaOperations

/// The operations that make one result, each with the queue it runs on, inputs first.
struct WorkChain<Value: Sendable>: Sendable {
    /// Every operation of the chain and its queue.
    let steps: [(operation: Operation, queue: CountedQueue)]
    /// The operation whose result is the chain's result.
    let last: any ResultProducing<Value>
}
