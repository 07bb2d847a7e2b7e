/// A synchronous step of a chain: turns the value of its input operation into a new value.
///
/// It adds its input as a dependency itself (which keeps it alive until the input has
/// finished). When the input failed or was cancelled the
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
    // @unchecked Sendable: every stored property is immutable and Sendable.

    /// The work of a transform: the input's value (its own copy to consume) and a way to
    /// notice cancellation.
    public typealias Transform = @Sendable (consuming Input, CancellationCheck) throws -> Output

    private let input: any ResultProducing<Input>
    private let takesValue: Bool
    private let transform: Transform

    /// Creates a step that transforms the value of `input` and depends on it.
    ///
    /// - Parameter takingValue: take the value from `input` (``ResultProducing/handOverResult()``)
    ///   instead of sharing it, so that the transform holds the only reference to a
    ///   copy-on-write value and can change it in place. Only for an input that nothing else
    ///   reads: afterwards its `result` is `.failure(HandedOverError())`. To change the
    ///   value, spell the parameter out and consume it (the compiler cannot do it for an
    ///   inferred closure parameter): `{ (image: consuming RGBAImage, check) in var image = consume image … }`.
    public init(input: some ResultProducing<Input>, takingValue: Bool = false, transform: @escaping Transform) {
        self.input = input
        self.takesValue = takingValue
        self.transform = transform
        super.init()
        addDependency(input)  // which keeps this operation alive until the input finished
    }

    /// Reads (or takes) the input's value and runs the transform on it.
    public override func execute() throws -> Output {
        let value = takesValue ? try input.handOverValueForDependent() : try input.valueForDependent()
        return try transform(consume value, CancellationCheck(self))
    }
}
