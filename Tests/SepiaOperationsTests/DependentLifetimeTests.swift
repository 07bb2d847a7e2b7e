import Foundation
import SepiaOperations
import XCTest

/// A dependent cancelled while its input waits finishes first; Linux's `Operation` still
/// points to it, unretained, until the input finishes, so the input must keep it alive.
final class DependentLifetimeTests: XCTestCase {
    private func waitUntil(_ description: String, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        XCTAssertTrue(condition(), description)
    }

    private func assertInputKeepsItsCancelledDependentAlive(_ input: some ResultProducing<Int>) {
        let inputQueue = OperationQueue()
        inputQueue.isSuspended = true
        let dependentQueue = OperationQueue()
        weak var weakDependent: Operation?
        do {
            let dependent = TransformOperation(input: input) { value, _ in value + 1 }
            weakDependent = dependent
            inputQueue.addOperation(input)
            dependentQueue.addOperation(dependent)
            dependent.cancel()
            input.cancel()
        }
        waitUntil("the cancelled dependent left its queue first") { dependentQueue.operationCount == 0 }
        XCTAssertNotNil(weakDependent, "kept alive while its input has not finished")

        inputQueue.isSuspended = false
        waitUntil("the input finished and let its dependent go") { inputQueue.operationCount == 0 && weakDependent == nil }
    }

    func testAnAsynchronousInputKeepsItsCancelledDependentAliveUntilItFinishes() {
        assertInputKeepsItsCancelledDependentAlive(CallbackAsyncOperation<Int> { .success(1) })
    }

    func testASynchronousInputKeepsItsCancelledDependentAliveUntilItFinishes() {
        assertInputKeepsItsCancelledDependentAlive(BlockResultOperation<Int> { _ in 1 })
    }
}
