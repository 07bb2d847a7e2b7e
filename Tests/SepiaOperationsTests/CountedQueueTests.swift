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
}
