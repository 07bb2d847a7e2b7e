import Foundation
import SepiaOperations
import SepiaTestSupport
import XCTest

extension XCTestCase {
    /// How long expectations and semaphores are waited for: as long as every other wait of
    /// the tests (``Polling/patience``).
    static let patience = Polling.patience

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
