import Foundation
import SepiaOperations
import XCTest

final class ResultOperationTests: XCTestCase {
    func testChainRunsInDependencyOrderAndPassesValues() {
        let queue = OperationQueue()
        let log = EventLog<String>()
        let source = BlockResultOperation<Int> { _ in
            log.record("source")
            return 2
        }
        let times10 = TransformOperation(input: source) { value, _ in
            log.record("times10")
            return value * 10
        }
        let described = TransformOperation(input: times10) { value, _ in
            log.record("described")
            return "value \(value + 1)"
        }
        let finished = expectFinish(of: described)

        queue.addOperations([described, times10, source], waitUntilFinished: false)

        wait(for: [finished], timeout: Self.patience)
        XCTAssertEqual(log.all, ["source", "times10", "described"])
        XCTAssertEqual(described.result?.value, "value 21")
        XCTAssertTrue(times10.dependencies.contains(source))
    }

    func testFailedInputStopsDependentsWhichReportTheRootCause() {
        let queue = OperationQueue()
        let ran = EventLog<String>()
        let source = BlockResultOperation<Int> { _ in throw TestError(code: 7) }
        let middle = TransformOperation(input: source) { value, _ in
            ran.record("middle")
            return value
        }
        let last = TransformOperation(input: middle) { value, _ in
            ran.record("last")
            return value
        }
        let finished = expectFinish(of: last)

        queue.addOperations([source, middle, last], waitUntilFinished: false)

        wait(for: [finished], timeout: Self.patience)
        XCTAssertEqual(ran.all, [], "a dependent whose input failed must not run its work")
        XCTAssertEqual(source.result?.error as? TestError, TestError(code: 7))
        for dependent in [middle, last] {
            guard case .failure(DependencyError.inputFailed(let cause))? = dependent.result else {
                return XCTFail("expected inputFailed, got \(String(describing: dependent.result))")
            }
            XCTAssertEqual(cause as? TestError, TestError(code: 7))
            XCTAssertFalse(dependent.isCancelled)
        }
    }

    func testCancelledInputStopsDependentWhichSaysSo() {
        let queue = OperationQueue()
        let ran = EventLog<String>()
        let source = ManualAsyncOperation()
        let dependent = TransformOperation(input: source) { value, _ in
            ran.record("dependent")
            return value
        }
        let finished = expectFinish(of: dependent)
        source.cancel()

        queue.addOperations([source, dependent], waitUntilFinished: false)

        wait(for: [finished], timeout: Self.patience)
        XCTAssertEqual(ran.all, [])
        XCTAssertEqual(source.snapshot.executeCalls, 0)
        guard case .failure(DependencyError.inputCancelled)? = dependent.result else {
            return XCTFail("expected inputCancelled, got \(String(describing: dependent.result))")
        }
        XCTAssertFalse(dependent.isCancelled)
    }

    func testCancelledDependentReportsCancelledWithoutRunning() {
        let queue = OperationQueue()
        let ran = EventLog<String>()
        let source = ManualAsyncOperation()
        let dependent = TransformOperation(input: source) { value, _ in
            ran.record("dependent")
            return value
        }
        let finished = expectFinish(of: dependent)
        queue.addOperations([source, dependent], waitUntilFinished: false)
        waitFor(source.started, "the input to start")

        dependent.cancel()

        wait(for: [finished], timeout: Self.patience)
        XCTAssertFalse(source.isFinished, "on Linux a cancelled dependent ends before its input")
        source.complete(with: 1)
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(ran.all, [])
        guard case .cancelled? = dependent.result else {
            return XCTFail("expected .cancelled, got \(String(describing: dependent.result))")
        }
    }

    func testTransformSeesCancellationWhileItRuns() {
        let queue = OperationQueue()
        let source = BlockResultOperation<Int> { _ in 1 }
        let running = DispatchSemaphore(value: 0)
        let transform = TransformOperation(input: source) { value, check in
            running.signal()
            while !check.isCancelled { Thread.sleep(forTimeInterval: 0.001) }
            try check.throwIfCancelled()
            return value
        }
        let finished = expectFinish(of: transform)
        queue.addOperations([source, transform], waitUntilFinished: false)
        waitFor(running, "the transform to run")

        transform.cancel()

        wait(for: [finished], timeout: Self.patience)
        guard case .cancelled? = transform.result else {
            return XCTFail("expected .cancelled, got \(String(describing: transform.result))")
        }
    }

    func testResultIsNilUntilFinished() {
        let operation = BlockResultOperation<Int> { _ in 1 }
        XCTAssertNil(operation.result)

        operation.start()

        XCTAssertEqual(operation.result?.value, 1)
    }

    func testReadingAnInputThatHasNotFinishedThrows() {
        // Not through a dependent: on Linux, removeDependency(_:) leaves it never ready.
        let source = BlockResultOperation<Int> { _ in 1 }

        XCTAssertThrowsError(try source.valueForDependent()) { error in
            guard case DependencyError.inputNotFinished = error else {
                return XCTFail("expected inputNotFinished, got \(error)")
            }
        }
    }

    func testAsyncInputFeedsSyncDependent() {
        let queue = OperationQueue()
        let download = CallbackAsyncOperation<[UInt8]> { .success([1, 2, 3]) }
        let sum = TransformOperation(input: download) { bytes, _ in bytes.reduce(0) { $0 + Int($1) } }
        let finished = expectFinish(of: sum)

        queue.addOperations([sum, download], waitUntilFinished: false)

        wait(for: [finished], timeout: Self.patience)
        XCTAssertEqual(sum.result?.value, 6)
    }

    func testOnFinishCallsEveryHandlerOnceOnItsQueue() {
        let queue = OperationQueue()
        let handlerQueue = DispatchQueue.serial(named: "handlers")
        let marker = DispatchSpecificKey<String>()
        handlerQueue.setSpecific(key: marker, value: "handlers")
        let operation = BlockResultOperation<Int> { _ in 9 }
        let calls = EventLog<String>()
        let early = expectation(description: "handler added before finishing")
        operation.onFinish(on: handlerQueue) { result in
            calls.record("early \(result.value ?? -1) on \(DispatchQueue.getSpecific(key: marker) ?? "?")")
            early.fulfill()
        }

        queue.addOperation(operation)
        wait(for: [early], timeout: Self.patience)
        let late = expectation(description: "handler added after finishing")
        operation.onFinish(on: handlerQueue) { result in
            calls.record("late \(result.value ?? -1) on \(DispatchQueue.getSpecific(key: marker) ?? "?")")
            late.fulfill()
        }

        wait(for: [late], timeout: Self.patience)
        XCTAssertEqual(calls.all, ["early 9 on handlers", "late 9 on handlers"])
    }

    func testOnFinishReportsCancellationBeforeStart() {
        let queue = OperationQueue()
        let operation = BlockResultOperation<Int> { _ in 1 }
        let results = EventLog<OperationResult<Int>>()
        let finished = expectFinish(of: operation, into: results)
        operation.cancel()

        queue.addOperation(operation)

        wait(for: [finished], timeout: Self.patience)
        guard case .cancelled? = results.all.first, case .cancelled? = operation.result else {
            return XCTFail("expected .cancelled, got \(results.all)")
        }
    }

    func testDependencyErrorsDescribeTheirReason() {
        XCTAssertEqual(DependencyError.inputFailed(TestError(code: 1)).description, "input failed: TestError(code: 1)")
        XCTAssertEqual(DependencyError.inputCancelled.description, "input was cancelled")
        XCTAssertEqual(DependencyError.inputNotFinished.description, "input had not finished")
        XCTAssertEqual(MissingResultError().description, "the operation finished without a result")
        XCTAssertNil(OperationResult<Int>.cancelled.value)
        XCTAssertNil(OperationResult<Int>.success(1).error)
    }
}
