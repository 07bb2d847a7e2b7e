import SepiaOperations

/// A synchronous result operation whose work is a closure.
final class ClosureResultOperation<Output: Sendable>: ResultOperation<Output>, @unchecked Sendable {
    private let work: @Sendable (CancellationCheck) throws -> Output

    init(_ work: @escaping @Sendable (CancellationCheck) throws -> Output) {
        self.work = work
        super.init()
    }

    override func execute() throws -> Output {
        try work(CancellationCheck(self))
    }
}
