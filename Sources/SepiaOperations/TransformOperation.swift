/// A synchronous step of a chain: turns the value of its input operation into a new value.
///
/// It adds its input as a dependency itself, and the input keeps it alive until the input
/// has finished. When the input failed or was cancelled the
/// transform never runs and the result is `.failure(DependencyError)` saying why; when
/// this operation is cancelled the result is ``OperationResult/cancelled``.
///
/// ```swift
/// let download = DownloadOperation(url)          // any ResultProducing<Data>
/// let decode = TransformOperation(input: download) { data, _ in try decode(data) }
/// let sepia = TransformOperation(input: decode) { image, check in
///     try check.throwIfCancelled()
///     return image.sepia()
/// }
/// ```
public final class TransformOperation<Input: Sendable, Output: Sendable>: ResultOperation<Output>, @unchecked Sendable {
    // @unchecked Sendable: both stored properties are immutable and Sendable.

    /// The work of a transform: the input's value and a way to notice cancellation.
    public typealias Transform = @Sendable (Input, CancellationCheck) throws -> Output

    private let input: any ResultProducing<Input>
    private let transform: Transform

    /// Creates a step that transforms the value of `input` and depends on it.
    public init(input: some ResultProducing<Input>, transform: @escaping Transform) {
        self.input = input
        self.transform = transform
        super.init()
        addDependency(input)
        input.keepAliveUntilFinished(self)
    }

    /// Reads the input's value and runs the transform on it.
    public override func execute() throws -> Output {
        let value = try input.valueForDependent()
        return try transform(value, CancellationCheck(self))
    }
}
