import Foundation
import SepiaOperations
import XCTest

/// How this module's operations behave in Linux's `OperationQueue`.
final class QueueBehaviourTests: XCTestCase {
    func testSuspendedQueueHoldsNewWorkAndResumeReleasesIt() {
        let queue = OperationQueue()
        queue.isSuspended = true
        let syncRan = expectation(description: "sync operation ran")
        let asyncRan = expectation(description: "async operation ran")
        for ran in [syncRan, asyncRan] { ran.isInverted = true }
        let sync = BlockResultOperation<Int> { _ in
            syncRan.fulfill()
            return 1
        }
        let async = CallbackAsyncOperation<Int> {
            asyncRan.fulfill()
            return .success(2)
        }
        queue.addOperations([sync, async], waitUntilFinished: false)

        wait(for: [syncRan, asyncRan], timeout: 0.3)
        XCTAssertEqual(queue.operationCount, 2)
        XCTAssertNil(sync.result)
        XCTAssertNil(async.result)

        let finished = [expectFinish(of: sync), expectFinish(of: async)]
        queue.isSuspended = false

        wait(for: finished, timeout: Self.patience)
        XCTAssertEqual(sync.result?.value, 1)
        XCTAssertEqual(async.result?.value, 2)
    }

    func testConcurrencyOfOneSerialisesSyncAndAsyncOperations() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let probe = ConcurrencyProbe()
        var finished: [XCTestExpectation] = []
        for index in 0..<40 {
            let operation: any ResultProducing<Int>
            if index.isMultiple(of: 2) {
                operation = BlockResultOperation { _ in
                    probe.enter()
                    Thread.sleep(forTimeInterval: 0.001)
                    probe.leave()
                    return index
                }
            } else {
                operation = CallbackAsyncOperation {
                    probe.enter()
                    Thread.sleep(forTimeInterval: 0.001)
                    probe.leave()
                    return .success(index)
                }
            }
            finished.append(expectFinish(of: operation))
            queue.addOperation(operation)
        }

        wait(for: finished, timeout: Self.patience)
        XCTAssertEqual(probe.maximum, 1)
    }

    func testPrioritiesOrderASuspendedSerialQueue() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let order = EventLog<String>()
        let priorities: [(String, Operation.QueuePriority)] = [
            ("low", .low), ("veryHigh", .veryHigh), ("normal", .normal), ("veryLow", .veryLow), ("high", .high),
        ]
        var finished: [XCTestExpectation] = []
        for (name, priority) in priorities {
            let operation = BlockResultOperation<Void> { _ in order.record(name) }
            operation.queuePriority = priority
            finished.append(expectFinish(of: operation))
            queue.addOperation(operation)
        }

        queue.isSuspended = false

        wait(for: finished, timeout: Self.patience)
        XCTAssertEqual(order.all, ["veryHigh", "high", "normal", "low", "veryLow"])
    }
}
