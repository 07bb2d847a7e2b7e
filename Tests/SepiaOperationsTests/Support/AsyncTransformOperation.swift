import Dispatch
import SepiaOperations

/// An asynchronous step that reads its input like a dependent should and finishes from a
/// callback on another queue.
final class AsyncTransformOperation<Input: Sendable, Output: Sendable>: AsyncResultOperation<Output>, @unchecked Sendable {
    private let input: any ResultProducing<Input>
    private let transform: @Sendable (Input) -> OperationResult<Output>

    init(input: some ResultProducing<Input>, _ transform: @escaping @Sendable (Input) -> OperationResult<Output>) {
        self.input = input
        self.transform = transform
        super.init()
        addDependency(input)
    }

    override func execute() {
        do {
            let value = try input.valueForDependent()
            DispatchQueue.global().async {
                self.finish(with: self.transform(value))
            }
        } catch {
            finish(with: .failure(error))
        }
    }
}
