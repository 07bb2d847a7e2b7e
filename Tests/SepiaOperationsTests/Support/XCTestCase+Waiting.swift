import Foundation
import SepiaOperations
import XCTest

extension XCTestCase {
    /// Generous, for a loaded 2-core machine and the thread sanitizer; tests never wait
    /// this long unless they are about to fail.
    static let patience: TimeInterval = 30

    /// An expectation fulfilled with the result when `operation` finishes.
    func expectFinish<Output: Sendable>(
        of operation: some ResultProducing<Output>,
        into results: EventLog<OperationResult<Output>>? = nil
    ) -> XCTestExpectation {
        let finished = expectation(description: "operation finished")
        operation.onFinish(on: .global()) { result in
            results?.record(result)
            finished.fulfill()
        }
        return finished
    }

    /// An expectation fulfilled when any `operation` ends, through its `completionBlock`.
    func expectCompletion(of operation: Operation) -> XCTestExpectation {
        let completed = expectation(description: "completion block ran")
        operation.completionBlock = { completed.fulfill() }
        return completed
    }

    /// Waits until `condition` holds, checking it every few milliseconds, for state that
    /// changes without a callback to wait on.
    func waitUntil(
        _ description: String,
        timeout: TimeInterval = XCTestCase.patience,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ condition: () -> Bool
    ) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            guard Date() < deadline else {
                XCTFail("timed out waiting until \(description)", file: file, line: line)
                return
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Waits for `semaphore` to be signalled, failing the test after the patience ran out.
    func waitFor(
        _ semaphore: DispatchSemaphore,
        _ description: String,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let outcome = semaphore.wait(timeout: .now() + XCTestCase.patience)
        XCTAssertEqual(outcome, .success, "timed out waiting for \(description)", file: file, line: line)
    }
}
