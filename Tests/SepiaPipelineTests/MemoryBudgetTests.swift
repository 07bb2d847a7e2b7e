import Foundation
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// The budget's waiting, order, oversized reservations and cancellation, observed through its
/// counters of bytes reserved and reservations waiting (never through timing).
final class MemoryBudgetTests: XCTestCase {
    /// Runs `body` on a thread of its own; the returned group is left when it returns.
    private func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group, execute: body)
        return group
    }

    func testAReservationThatDoesNotFitWaitsUntilBytesAreReleased() throws {
        let budget = MemoryBudget(capacity: 10)
        try budget.reserve(6, check: nil)
        let second = onAnotherThread { try? budget.reserve(6, check: nil) }
        try waitUntil("the second reservation waits") { budget.waitingCount == 1 || budget.reservedBytes > 6 }
        XCTAssertEqual(budget.reservedBytes, 6, "granted over the capacity")
        budget.release(6)
        XCTAssertEqual(second.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(budget.reservedBytes, 6)
        XCTAssertEqual(budget.peakReservedBytes, 6)
    }

    func testReservationsAreGrantedInTheOrderAsked() throws {
        let budget = MemoryBudget(capacity: 10)
        try budget.reserve(8, check: nil)
        let large = onAnotherThread { try? budget.reserve(9, check: nil) }
        try waitUntil("the large reservation waits") { budget.waitingCount == 1 }
        // Fits beside the 8 bytes held, but the large one asked first.
        let small = onAnotherThread { try? budget.reserve(2, check: nil) }
        try waitUntil("the small reservation waits too") { budget.waitingCount == 2 || budget.reservedBytes > 8 }
        XCTAssertEqual(budget.reservedBytes, 8, "the small reservation overtook the large one")
        budget.release(8)
        XCTAssertEqual(large.wait(timeout: .now() + 10), .success)
        try waitUntil("the small reservation waits for the large one") { budget.waitingCount == 1 }
        budget.release(9)
        XCTAssertEqual(small.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(budget.reservedBytes, 2)
    }

    func testAReservationLargerThanTheCapacityRunsAlone() throws {
        let budget = MemoryBudget(capacity: 10)
        try budget.reserve(1, check: nil)
        let oversized = onAnotherThread { try? budget.reserve(25, check: nil) }
        try waitUntil("the oversized reservation waits") { budget.waitingCount == 1 }
        budget.release(1)
        XCTAssertEqual(oversized.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(budget.reservedBytes, 25)
        XCTAssertEqual(budget.peakReservedBytes, 25)
    }

    func testAWaitingReservationEndsWhenItsStepIsCancelled() throws {
        let budget = MemoryBudget(capacity: 10)
        try budget.reserve(10, check: nil)
        let operation = BlockOperation()
        let outcome = Locked<(any Error)?>(nil)
        let waiting = onAnotherThread {
            do {
                try budget.reserve(5, check: CancellationCheck(operation))
            } catch {
                outcome.withLock { $0 = error }
            }
        }
        try waitUntil("the reservation waits") { budget.waitingCount == 1 }
        operation.cancel()
        XCTAssertEqual(waiting.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(outcome.withLock { $0 } is CancellationError)
        XCTAssertEqual(budget.waitingCount, 0)
        XCTAssertEqual(budget.reservedBytes, 10, "nothing reserved for the cancelled step")
    }

    func testAStepThatHoldsBytesIsGrantedMoreWithoutWaiting() throws {
        let budget = MemoryBudget(capacity: 10)
        let reservation = MemoryReservation(budget: budget, check: nil)
        try reservation.admit(bytes: 8)
        let second = onAnotherThread { try? reservation.admit(bytes: 8) }
        XCTAssertEqual(second.wait(timeout: .now() + 10), .success, "the step waits for its own bytes")
        XCTAssertEqual(budget.reservedBytes, 16)
        reservation.release()
        XCTAssertEqual(budget.reservedBytes, 0)
    }

    func testDefaultCapacityIsHalfTheCgroupLimitOrOfThePhysicalMemory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-cgroup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("memory/job"), withIntermediateDirectories: true)
        let own = root.appendingPathComponent("own")
        let gib: UInt64 = 1 << 30

        func capacity() -> Int {
            MemoryBudget.defaultCapacity(cgroupRoot: root.path, ownCgroup: own.path, physicalMemory: 8 * gib)
        }
        try "0::/\n".write(to: own, atomically: true, encoding: .utf8)
        XCTAssertEqual(capacity(), Int(4 * gib), "no cgroup files: half the physical memory")
        try "9223372036854771712\n".write(
            to: root.appendingPathComponent("memory/memory.limit_in_bytes"), atomically: true, encoding: .utf8)
        XCTAssertEqual(capacity(), Int(4 * gib), "v1 without a limit")
        try "1073741824\n".write(to: root.appendingPathComponent("memory.max"), atomically: true, encoding: .utf8)
        XCTAssertEqual(capacity(), Int(gib / 2), "v2, as a container sees its own cgroup")
        try "0::/memory/job\n".write(to: own, atomically: true, encoding: .utf8)
        try "max\n".write(to: root.appendingPathComponent("memory/job/memory.max"), atomically: true, encoding: .utf8)
        XCTAssertEqual(capacity(), Int(4 * gib), "v2, the process's own cgroup without a limit")
    }
}
