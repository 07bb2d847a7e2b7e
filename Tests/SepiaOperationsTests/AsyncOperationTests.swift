import Foundation
import SepiaOperations
import XCTest

final class AsyncOperationTests: XCTestCase {
    func testFinishFromCallbackLetsDependentRunAfterwards() {
        let queue = OperationQueue()
        let log = EventLog<String>()
        let download = CallbackAsyncOperation<Int> {
            log.record("download")
            return .success(1)
        }
        let dependent = BlockOperation { log.record("dependent") }
        dependent.addDependency(download)
        let done = expectCompletion(of: dependent)

        queue.addOperations([dependent, download], waitUntilFinished: false)

        wait(for: [done], timeout: Self.patience)
        XCTAssertEqual(log.all, ["download", "dependent"])
        XCTAssertTrue(download.isFinished)
        XCTAssertFalse(download.isExecuting)
        XCTAssertEqual(download.result?.value, 1)
    }

    func testCancelBeforeStartFinishesWithoutExecuting() {
        let queue = OperationQueue()
        let operation = ManualAsyncOperation()
        let results = EventLog<OperationResult<Int>>()
        let finished = expectFinish(of: operation, into: results)

        operation.cancel()
        queue.addOperation(operation)

        wait(for: [finished], timeout: Self.patience)
        XCTAssertEqual(operation.snapshot, .init(executeCalls: 0, cancelHookCalls: 0))
        XCTAssertTrue(operation.isFinished)
        guard case .cancelled? = results.all.first else {
            return XCTFail("expected .cancelled, got \(results.all)")
        }
    }

    func testCancelWhileWaitingInSuspendedQueueFinishesOnceStarted() {
        let queue = OperationQueue()
        queue.isSuspended = true
        let operation = ManualAsyncOperation()
        let finished = expectFinish(of: operation)
        queue.addOperation(operation)

        operation.cancel()
        XCTAssertFalse(operation.isFinished, "a suspended queue starts nothing, not even cancelled operations")
        queue.isSuspended = false

        wait(for: [finished], timeout: Self.patience)
        XCTAssertEqual(operation.snapshot.executeCalls, 0)
        XCTAssertEqual(operation.snapshot.cancelHookCalls, 0)
    }

    func testCancelWhileExecutingCancelsUnderlyingWorkAndFreesTheQueueSlot() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let stuck = ManualAsyncOperation()
        let next = ManualAsyncOperation()
        let stuckFinished = expectFinish(of: stuck)
        queue.addOperations([stuck, next], waitUntilFinished: false)
        waitFor(stuck.started, "the first operation to start")

        stuck.cancel()

        wait(for: [stuckFinished], timeout: Self.patience)
        XCTAssertEqual(stuck.snapshot.cancelHookCalls, 1)
        XCTAssertTrue(stuck.isFinished)
        XCTAssertFalse(stuck.isExecuting)
        waitFor(next.started, "the next operation to get the freed slot")
        next.complete(with: 2)
        XCTAssertEqual(next.result?.value, 2)
    }

    func testCancelInsideExecuteRunsTheHookOnlyAfterExecuteReturned() {
        let queue = OperationQueue()
        let operation = ManualAsyncOperation { $0.cancel() }
        let finished = expectFinish(of: operation)

        queue.addOperation(operation)

        wait(for: [finished], timeout: Self.patience)
        XCTAssertEqual(operation.snapshot, .init(executeCalls: 1, cancelHookCalls: 1, cancelHookRanInsideExecute: false))
        guard case .cancelled? = operation.result else {
            return XCTFail("expected .cancelled, got \(String(describing: operation.result))")
        }
    }

    func testResultArrivingAfterCancelIsReportedAsCancelled() {
        let operation = ManualAsyncOperation { operation in
            operation.cancel()
            operation.complete(with: 1)
        }
        let finished = expectFinish(of: operation)

        operation.start()

        wait(for: [finished], timeout: Self.patience)
        guard case .cancelled? = operation.result else {
            return XCTFail("expected .cancelled, got \(String(describing: operation.result))")
        }
        XCTAssertEqual(operation.snapshot.cancelHookCalls, 0, "the operation finished before the hook was due")
    }

    func testCancelAfterFinishChangesNothing() {
        let queue = OperationQueue()
        let operation = ManualAsyncOperation()
        let finished = expectFinish(of: operation)
        queue.addOperation(operation)
        waitFor(operation.started, "the operation to start")
        operation.complete(with: 5)
        wait(for: [finished], timeout: Self.patience)

        operation.cancel()

        XCTAssertEqual(operation.snapshot.cancelHookCalls, 0)
        XCTAssertEqual(operation.result?.value, 5)
    }

    func testFinishingTwiceIsHarmless() {
        let queue = OperationQueue()
        let operation = ManualAsyncOperation()
        let handlerCalls = EventLog<OperationResult<Int>>()
        let finished = expectFinish(of: operation, into: handlerCalls)
        let dependentRuns = EventLog<String>()
        let dependent = BlockOperation { dependentRuns.record("ran") }
        dependent.addDependency(operation)
        let dependentDone = expectCompletion(of: dependent)
        queue.addOperations([operation, dependent], waitUntilFinished: false)
        waitFor(operation.started, "the operation to start")

        operation.complete(with: 1)
        operation.complete(with: 2)
        operation.finish()

        wait(for: [finished, dependentDone], timeout: Self.patience)
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(operation.result?.value, 1)
        XCTAssertEqual(handlerCalls.all.count, 1)
        XCTAssertEqual(dependentRuns.all.count, 1)
        XCTAssertEqual(queue.operationCount, 0)
    }

    func testConcurrentFinishesAndCancelsEndTheOperationOnce() {
        let queue = OperationQueue()
        for _ in 0..<200 {
            let operation = ManualAsyncOperation()
            let handlerCalls = EventLog<OperationResult<Int>>()
            let finished = expectFinish(of: operation, into: handlerCalls)
            queue.addOperation(operation)
            waitFor(operation.started, "the operation to start")

            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index.isMultiple(of: 2) { operation.complete(with: index) } else { operation.cancel() }
            }

            wait(for: [finished], timeout: Self.patience)
            XCTAssertEqual(handlerCalls.all.count, 1)
            XCTAssertLessThanOrEqual(operation.snapshot.cancelHookCalls, 1)
        }
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(queue.operationCount, 0)
    }

    func testFinishBeforeStartIsIgnored() {
        let queue = OperationQueue()
        let operation = ManualAsyncOperation()
        let finished = expectFinish(of: operation)

        operation.finish()
        XCTAssertFalse(operation.isFinished)
        queue.addOperation(operation)
        waitFor(operation.started, "the operation to start")
        operation.complete(with: 3)

        wait(for: [finished], timeout: Self.patience)
        XCTAssertEqual(operation.snapshot.executeCalls, 1)
        XCTAssertEqual(operation.result?.value, 3)
    }

    func testStartingTwiceExecutesOnce() {
        let operation = ManualAsyncOperation()

        operation.start()
        operation.start()
        operation.complete(with: 4)
        operation.start()

        XCTAssertEqual(operation.snapshot.executeCalls, 1)
        XCTAssertTrue(operation.isAsynchronous)
        XCTAssertTrue(operation.isFinished)
    }

    func testFinishWithoutResultIsReportedAsMissingResult() {
        let operation = ManualAsyncOperation()
        operation.start()

        operation.finish()

        XCTAssertTrue(operation.result?.error is MissingResultError)
    }

    func testPlainAsyncOperationFinishesAtOnceByDefault() {
        let queue = OperationQueue()
        let operation = AsyncOperation()
        let done = expectCompletion(of: operation)

        queue.addOperation(operation)

        wait(for: [done], timeout: Self.patience)
        XCTAssertTrue(operation.isFinished)
        XCTAssertFalse(operation.isCancelled)
    }
}
