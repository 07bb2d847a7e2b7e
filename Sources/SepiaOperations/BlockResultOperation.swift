/// A synchronous operation whose work is a closure that produces a value: the first link of
/// a chain, where ``TransformOperation`` needs an input.
///
/// ```swift
/// let generate = BlockResultOperation { check in
///     try check.throwIfCancelled()
///     return PhotoGenerator(seed: 1).render(width: 640, height: 480)
/// }
/// ```
public final class BlockResultOperation<Output: Sendable>: ResultOperation<Output>, @unchecked Sendable {
    // @unchecked Sendable: the only stored property is an immutable Sendable closure.

    /// The work: it may check for cancellation and throws to fail the operation.
    public typealias Work = @Sendable (CancellationCheck) throws -> Output

    private let work: Work

    /// Creates an operation that runs `work` when the queue starts it.
    public init(_ work: @escaping Work) {
        self.work = work
        super.init()
    }

    /// Runs the closure.
    public override func execute() throws -> Output {
        try work(CancellationCheck(self))
    }
}
