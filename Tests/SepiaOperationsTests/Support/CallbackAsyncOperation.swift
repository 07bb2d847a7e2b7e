import Dispatch
import SepiaOperations

/// An asynchronous result operation that computes its result on another queue and
/// finishes from that callback, like a network request would.
final class CallbackAsyncOperation<Output: Sendable>: AsyncResultOperation<Output>, @unchecked Sendable {
    private let callbackQueue: DispatchQueue
    private let work: @Sendable () -> OperationResult<Output>

    init(callbackQueue: DispatchQueue = .global(), _ work: @escaping @Sendable () -> OperationResult<Output>) {
        self.callbackQueue = callbackQueue
        self.work = work
        super.init()
    }

    override func execute() {
        callbackQueue.async {
            self.finish(with: self.work())
        }
    }
}
