import Foundation
import SepiaOperations
import SepiaTestSupport
import XCTest

final class LeakTests: XCTestCase {
    private struct WeakOperation {
        weak var operation: Operation?
    }

    func testNoOperationOutlivesItsQueueDraining() throws {
        let queue = OperationQueue()
        let stage = OperationStage<Int, Operation>(configuration: StageConfiguration(name: "leak queue"))
        let batch = BatchGroup()

        let references = enqueueOperationsOfEveryKind(on: queue, stage: stage, batch: batch)

        XCTAssertEqual(batch.wait(timeout: .now() + Self.patience), .success)
        try waitUntil("every operation was released") { references.allSatisfy { $0.operation == nil } }
        XCTAssertTrue(stage.keys.isEmpty)
    }

    /// Builds, enqueues and forgets operations of every kind, cancelled or not, with
    /// handlers, completion blocks and dependencies; returns weak references to them.
    private func enqueueOperationsOfEveryKind(
        on queue: OperationQueue,
        stage: OperationStage<Int, Operation>,
        batch: BatchGroup
    ) -> [WeakOperation] {
        let source = CallbackAsyncOperation<Int> { .success(1) }
        let transform = TransformOperation(input: source) { value, _ in value + 1 }
        let asyncTransform = AsyncTransformOperation(input: transform) { .success($0 * 2) }
        let failing = BlockResultOperation<Int> { _ in throw TestError(code: 1) }
        let cancelledBeforeStart = ManualAsyncOperation()
        let cancelledWhileRunning = ManualAsyncOperation { $0.cancel() }
        let dependentOfCancelled = TransformOperation(input: cancelledBeforeStart) { value, _ in value }
        let block = BlockOperation {}
        // Linux never clears completionBlock after it ran (Darwin does): a block that
        // names its own operation must hold it weakly, or the two keep each other alive.
        block.completionBlock = { [weak block] in _ = block?.isCancelled }
        let tracked = ManualAsyncOperation { $0.complete(with: 1) }

        let resultOperations: [any ResultProducing<Int>] = [
            source, transform, asyncTransform, failing, cancelledBeforeStart, cancelledWhileRunning,
            dependentOfCancelled, tracked,
        ]
        for operation in resultOperations {
            batch.enter()
            operation.onFinish(on: .global()) { _ in batch.leave() }
        }
        cancelledBeforeStart.cancel()
        queue.addOperations(
            [source, transform, asyncTransform, failing, cancelledBeforeStart, cancelledWhileRunning, dependentOfCancelled],
            waitUntilFinished: false
        )
        batch.enter()
        let blockDone = BlockOperation { batch.leave() }
        blockDone.addDependency(block)
        queue.addOperations([block, blockDone], waitUntilFinished: false)
        stage.add(tracked, forKey: 1)

        let all: [Operation] = resultOperations + [block, blockDone]
        return all.map { WeakOperation(operation: $0) }
    }
}
