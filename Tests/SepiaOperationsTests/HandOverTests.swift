import Foundation
import SepiaOperations
import XCTest

/// A transform that takes its input's value holds the only reference to it.
final class HandOverTests: XCTestCase {
    private final class Payload: Sendable {}

    /// A copy-on-write value: unique when nothing else holds its storage.
    private struct Value: @unchecked Sendable {
        var storage = Payload()
    }

    /// Runs the source to its end (handlers dispatched) and then the transform, on this thread.
    private func uniqueness(takingValue: Bool) -> (uniqueInTransform: Bool?, inputAfterwards: OperationResult<Value>?) {
        let source = BlockResultOperation<Value> { _ in Value() }
        let unique = TransformOperation(input: source, takingValue: takingValue) { (value: consuming Value, _) in
            var value = consume value
            return isKnownUniquelyReferenced(&value.storage)
        }
        source.start()
        unique.start()
        return (unique.result?.value, source.result)
    }

    func testTakenValueIsUniqueAndTheInputForgetsIt() {
        let taken = uniqueness(takingValue: true)
        XCTAssertEqual(taken.uniqueInTransform, true)
        guard case .failure(let error)? = taken.inputAfterwards else { return XCTFail("\(String(describing: taken.inputAfterwards))") }
        XCTAssertTrue(error is HandedOverError, "\(error)")
    }

    func testSharedValueStaysWithTheInput() {
        let shared = uniqueness(takingValue: false)
        XCTAssertEqual(shared.uniqueInTransform, false)
        XCTAssertNotNil(shared.inputAfterwards?.value)
    }

    /// Failures and cancellations pass through a taking step as through any other.
    func testTakingStepReportsItsInputsFailure() {
        let queue = OperationQueue()
        let source = BlockResultOperation<Value> { _ in throw TestError(code: 3) }
        let step = TransformOperation(input: source, takingValue: true) { value, _ in value }
        queue.addOperations([source, step], waitUntilFinished: true)
        guard case .failure(DependencyError.inputFailed(let cause))? = step.result else {
            return XCTFail("\(String(describing: step.result))")
        }
        XCTAssertEqual(cause as? TestError, TestError(code: 3))
        guard case .failure(let error)? = source.result else { return XCTFail() }
        XCTAssertEqual(error as? TestError, TestError(code: 3), "a failure is not handed over")
    }

    /// A handler added before the hand-over still gets the value.
    func testHandlersStillGetTheValue() {
        let queue = OperationQueue()
        let source = BlockResultOperation<Int> { _ in 41 }
        let delivered = expectation(description: "handler")
        source.onFinish(on: .global()) { result in
            XCTAssertEqual(result.value, 41)
            delivered.fulfill()
        }
        let step = TransformOperation(input: source, takingValue: true) { value, _ in value + 1 }
        queue.addOperations([source, step], waitUntilFinished: true)
        wait(for: [delivered], timeout: 10)
        XCTAssertEqual(step.result?.value, 42)
    }
}
