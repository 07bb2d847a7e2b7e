import Foundation
import SepiaOperations
import XCTest

final class CountedQueueTests: XCTestCase {
    func testCountsCompletedAndCancelledOperationsAndRunsBothHooks() {
        let queue = CountedQueue(configuration: StageConfiguration(name: "Counted", maxConcurrentOperationCount: 1))
        queue.suspend()
        let callerBlockRan = expectation(description: "the caller's completion block ran")
        let endedHooks = expectation(description: "ended hooks")
        endedHooks.expectedFulfillmentCount = 3
        let done = BlockOperation {}
        done.completionBlock = { callerBlockRan.fulfill() }
        let dropped = BlockOperation {}
        let failedToRun = BlockOperation {}
        for operation in [done, dropped, failedToRun] {
            queue.addOperation(operation) { _ in endedHooks.fulfill() }
        }
        XCTAssertEqual(queue.counters.waiting, 3)
        XCTAssertTrue(queue.counters.isSuspended)
        dropped.cancel()
        failedToRun.cancel()
        queue.resume()
        wait(for: [callerBlockRan, endedHooks], timeout: 10)
        let counters = queue.counters
        XCTAssertEqual(counters.name, "Counted")
        XCTAssertEqual(counters.completed, 1)
        XCTAssertEqual(counters.cancelled, 2)
        XCTAssertEqual(counters.running + counters.waiting, 0)
        XCTAssertFalse(counters.isSuspended)
    }

    /// Sepia's own operations are counted on the thread that ran them, right after they finish:
    /// no completion block is set, whose hop to a global queue would wake a thread per operation.
    func testCountsSepiasOwnOperationsOnTheirOwnThreadWithoutACompletionBlock() {
        let queue = CountedQueue(configuration: StageConfiguration(name: "Counted", maxConcurrentOperationCount: 1))
        let threads = Locked<(ran: pthread_t?, ended: pthread_t?)>((nil, nil))
        let ended = expectation(description: "ended hook")
        let operation = BlockResultOperation { _ in threads.withLock { $0.ran = pthread_self() } }
        queue.addOperation(operation) { _ in
            threads.withLock { $0.ended = pthread_self() }
            ended.fulfill()
        }
        XCTAssertNil(operation.completionBlock)
        wait(for: [ended], timeout: 10)
        let (ran, endedOn) = threads.withLock { $0 }
        XCTAssertNotNil(ran)
        XCTAssertEqual(ran.map { UInt($0) }, endedOn.map { UInt($0) })
        XCTAssertEqual(queue.counters.completed, 1)
    }
}
