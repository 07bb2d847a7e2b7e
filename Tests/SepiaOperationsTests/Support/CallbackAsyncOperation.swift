import Dispatch
import SepiaOperations

/// An asynchronous result operation that computes its result on another queue and
/// finishes from that callback, like a network request would.
final class CallbackAsyncOperation<Output: Sendable>: AsyncResultOperation<Output>, @unchecked Sendable {
    private let delay: DispatchTimeInterval
    private let work: @Sendable () -> OperationResult<Output>

    /// - Parameter delay: how long the operation stays executing before its callback
    ///   runs, without holding a thread.
    init(delay: DispatchTimeInterval = .never, _ work: @escaping @Sendable () -> OperationResult<Output>) {
        self.delay = delay
        self.work = work
        super.init()
    }

    override func execute() {
        DispatchQueue.global().after(delay) {
            self.finish(with: self.work())
        }
    }
}
