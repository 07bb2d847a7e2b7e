import Foundation
import SepiaOperations
import XCTest

final class GCDHelpersTests: XCTestCase {
    func testBatchGroupNotifiesOnTheChosenQueueOnceAllWorkLeft() {
        let batch = BatchGroup()
        let notifyQueue = DispatchQueue.serial(named: "notify")
        let marker = DispatchSpecificKey<String>()
        notifyQueue.setSpecific(key: marker, value: "notify")
        let finishedPieces = EventLog<Int>()
        for piece in 0..<20 {
            batch.async(on: .global()) { finishedPieces.record(piece) }
        }
        batch.enter()
        let allDone = expectation(description: "all done")
        let seen = EventLog<String>()
        batch.notify(on: notifyQueue) {
            seen.record("\(finishedPieces.all.count) pieces on \(DispatchQueue.getSpecific(key: marker) ?? "?")")
            allDone.fulfill()
        }

        XCTAssertTrue(batch.leave())

        wait(for: [allDone], timeout: Self.patience)
        XCTAssertEqual(seen.all, ["20 pieces on notify"])
        XCTAssertEqual(batch.pendingCount, 0)
    }

    func testBatchGroupIgnoresAnUnbalancedLeave() {
        let batch = BatchGroup()
        batch.enter()

        XCTAssertTrue(batch.leave())
        XCTAssertFalse(batch.leave())

        XCTAssertEqual(batch.pendingCount, 0)
        XCTAssertEqual(batch.wait(timeout: .now() + Self.patience), .success)
    }

    func testBatchGroupWaitTimesOutWhileWorkIsPending() {
        let batch = BatchGroup()
        batch.enter()

        XCTAssertEqual(batch.wait(timeout: .now() + 0.05), .timedOut)
        XCTAssertEqual(batch.pendingCount, 1)
        batch.leave()
    }

    func testEveryQualityOfServiceQueueRunsWork() {
        // XCTest's wait(for:) runs the main run loop, which drains the main queue.
        let seen = EventLog<String>()
        let ran = QualityOfServiceQueue.allCases.map { kind in
            let ran = expectation(description: "\(kind) ran")
            kind.queue.async {
                seen.record("\(kind) main=\(Thread.isMainThread)")
                ran.fulfill()
            }
            return ran
        }

        wait(for: ran, timeout: Self.patience)
        XCTAssertEqual(
            Set(seen.all),
            [
                "main main=true", "userInteractive main=false", "userInitiated main=false",
                "utility main=false", "background main=false",
            ])
    }

    func testSerialQueueRunsOneBlockAtATimeUnderItsName() {
        let queue = DispatchQueue.serial(named: "sepia.serial", qos: .utility)
        let probe = ConcurrencyProbe()
        let batch = BatchGroup()
        for _ in 0..<30 {
            batch.async(on: queue) {
                probe.enter()
                Thread.sleep(forTimeInterval: 0.001)
                probe.leave()
            }
        }

        XCTAssertEqual(batch.wait(timeout: .now() + Self.patience), .success)
        XCTAssertEqual(queue.label, "sepia.serial")
        XCTAssertEqual(probe.maximum, 1)
    }
}
