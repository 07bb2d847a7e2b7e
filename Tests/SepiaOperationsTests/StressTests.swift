import Foundation
import SepiaTestSupport
import XCTest

@testable import SepiaOperations

final class StressTests: XCTestCase {
    /// One operation of the stress test and the input it reads, if any.
    private struct Step {
        let operation: any ResultProducing<Int>
        let input: (any ResultProducing<Int>)?
    }

    func testTenThousandOperationsWithRacingCancelsAllEndConsistently() throws {
        let chainCount = 2_500  // four operations each
        let asyncQueue = OperationQueue()
        asyncQueue.name = "stress async"
        let syncQueue = OperationQueue()
        syncQueue.name = "stress sync"
        syncQueue.maxConcurrentOperationCount = ProcessInfo.processInfo.activeProcessorCount
        let workRan = Locked<Set<Int>>([])
        let steps = (0..<chainCount).flatMap { makeChain($0, workRan: workRan) }
        XCTAssertEqual(steps.count, 10_000)

        let batch = BatchGroup()
        let extraHandlerCalls = Locked(0)
        for step in steps {
            batch.enter()
            step.operation.onFinish(on: .global()) { _ in
                if !batch.leave() { extraHandlerCalls.withLock { $0 += 1 } }
            }
        }
        // Two cancellers, on threads of their own, race with the queues for the whole run:
        // they cancel executing operations, and now and then one that has not started yet.
        let cancellers = BatchGroup()
        for _ in 0..<2 {
            cancellers.enter()
            Thread {
                var cancels = 0
                while cancels < 1_000 && batch.pendingCount > 0 {
                    let operation = steps[Int.random(in: steps.indices)].operation
                    guard operation.isExecuting || (!operation.isFinished && Int.random(in: 0..<50) == 0) else { continue }
                    operation.cancel()
                    cancels += 1
                }
                cancellers.leave()
            }.start()
        }
        for step in steps {
            let queue = step.operation.isAsynchronous ? asyncQueue : syncQueue
            queue.addOperation(step.operation)
        }

        XCTAssertEqual(cancellers.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(batch.wait(timeout: .now() + 120), .success, "\(batch.pendingCount) operations never finished")
        try waitUntil("both queues drained") { asyncQueue.operationCount == 0 && syncQueue.operationCount == 0 }
        XCTAssertEqual(extraHandlerCalls.withLock { $0 }, 0)

        let ran = workRan.withLock { $0 }
        for (index, step) in steps.enumerated() {
            guard let result = step.operation.result else {
                XCTFail("operation \(index) finished without a result")
                continue
            }
            XCTAssertTrue(step.operation.isFinished)
            guard let input = step.input else { continue }
            let inputSucceeded = input.result?.value != nil
            if ran.contains(index) {
                XCTAssertTrue(inputSucceeded, "operation \(index) worked on an input that did not succeed")
            }
            switch result {
            case .success:
                XCTAssertTrue(inputSucceeded)
            case .failure(let error):
                XCTAssertFalse(inputSucceeded, "operation \(index) failed with \(error) on a good input")
                XCTAssertTrue(error is DependencyError, "operation \(index) failed with \(error)")
            case .cancelled:
                XCTAssertTrue(step.operation.isCancelled, "operation \(index) reports a cancel it never had")
            }
            if inputSucceeded && !step.operation.isCancelled {
                XCTAssertNotNil(result.value, "operation \(index) had a good input and was not cancelled")
            }
        }
    }

    /// source (sync or async, sometimes failing) → sync transform → async transform → sync transform.
    private func makeChain(_ chain: Int, workRan: Locked<Set<Int>>) -> [Step] {
        let first = chain * 4
        let record: @Sendable (Int) -> Void = { index in workRan.withLock { _ = $0.insert(index) } }
        let source: any ResultProducing<Int>
        if chain.isMultiple(of: 2) {
            source = BlockResultOperation { _ in
                record(first)
                if chain.isMultiple(of: 7) { throw TestError(code: chain) }
                return chain
            }
        } else {
            source = CallbackAsyncOperation(delay: .microseconds(Int.random(in: 0...1_000))) {
                record(first)
                return chain.isMultiple(of: 11) ? .failure(TestError(code: chain)) : .success(chain)
            }
        }
        let plusOne = TransformOperation(input: source) { value, _ in
            record(first + 1)
            return value + 1
        }
        let doubled = AsyncTransformOperation(input: plusOne, delay: .microseconds(Int.random(in: 0...1_000))) { value in
            record(first + 2)
            return .success(value * 2)
        }
        let minusOne = TransformOperation(input: doubled) { value, check in
            record(first + 3)
            try check.throwIfCancelled()
            return value - 1
        }
        return [
            Step(operation: source, input: nil),
            Step(operation: plusOne, input: source),
            Step(operation: doubled, input: plusOne),
            Step(operation: minusOne, input: doubled),
        ]
    }
}
