import Dispatch

@testable import SepiaOperations

/// An asynchronous operation that stays executing until the test completes it, and
/// records how it was driven.
final class ManualAsyncOperation: AsyncResultOperation<Int>, @unchecked Sendable {
    struct Record: Sendable, Equatable {
        var executeCalls = 0
        var cancelHookCalls = 0
        var cancelHookRanInsideExecute = false
    }

    /// Signalled each time `execute()` is called.
    let started = DispatchSemaphore(value: 0)
    private let record = Locked(Record())
    private let isInsideExecute = Locked(false)
    private let duringExecute: @Sendable (ManualAsyncOperation) -> Void

    /// - Parameter duringExecute: extra work done inside `execute()`, before it returns.
    init(duringExecute: @escaping @Sendable (ManualAsyncOperation) -> Void = { _ in }) {
        self.duringExecute = duringExecute
        super.init()
    }

    var snapshot: Record { record.withLock { $0 } }

    override func execute() {
        isInsideExecute.withLock { $0 = true }
        record.withLock { $0.executeCalls += 1 }
        started.signal()
        duringExecute(self)
        isInsideExecute.withLock { $0 = false }
    }

    override func cancelUnderlyingWork() {
        let inside = isInsideExecute.withLock { $0 }
        record.withLock { record in
            record.cancelHookCalls += 1
            record.cancelHookRanInsideExecute = record.cancelHookRanInsideExecute || inside
        }
    }

    /// Finishes the operation with `value`, as the underlying work's callback would.
    func complete(with value: Int) {
        finish(with: .success(value))
    }
}
