import Dispatch
import SepiaOperations

/// An asynchronous step that reads its input like a dependent should and finishes from a
/// callback on another queue.
final class AsyncTransformOperation<Input: Sendable, Output: Sendable>: AsyncResultOperation<Output>, @unchecked Sendable {
    private let input: any ResultProducing<Input>
    private let delay: DispatchTimeInterval
    private let transform: @Sendable (Input) -> OperationResult<Output>

    /// - Parameter delay: how long the operation stays executing before its callback
    ///   runs, without holding a thread.
    init(
        input: some ResultProducing<Input>,
        delay: DispatchTimeInterval = .never,
        _ transform: @escaping @Sendable (Input) -> OperationResult<Output>
    ) {
        self.input = input
        self.delay = delay
        self.transform = transform
        super.init()
        addDependency(input)
    }

    override func execute() {
        do {
            let value = try input.valueForDependent()
            DispatchQueue.global().after(delay) {
                self.finish(with: self.transform(value))
            }
        } catch {
            finish(with: .failure(error))
        }
    }
}
