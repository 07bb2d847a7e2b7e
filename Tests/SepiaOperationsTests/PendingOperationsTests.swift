import Foundation
import SepiaOperations
import SepiaTestSupport
import XCTest

final class PendingOperationsTests: XCTestCase {
    func testDefaultStagesAreTheTutorialsNamedQueues() {
        let pending = PendingOperations<Int, Operation>()

        XCTAssertEqual(pending.stages.map(\.name), ["Download queue", "Image Filtration queue"])
        XCTAssertEqual(
            pending.stage(named: StageConfiguration.downloadName)?.maxConcurrentOperationCount,
            OperationQueue.defaultMaxConcurrentOperationCount
        )
        XCTAssertEqual(
            pending.stage(named: StageConfiguration.filtrationName)?.maxConcurrentOperationCount,
            ProcessInfo.processInfo.activeProcessorCount
        )
        XCTAssertNil(pending.stage(named: "Resize queue"))
    }

    func testStagesCanBeConfiguredAndAdded() {
        let pending = PendingOperations<Int, Operation>(stages: [
            .download(maxConcurrentOperationCount: 1),
            .filtration(maxConcurrentOperationCount: 1),
            StageConfiguration(name: "Resize queue", maxConcurrentOperationCount: 2, qualityOfService: .utility),
        ])

        XCTAssertEqual(pending.stages.map(\.maxConcurrentOperationCount), [1, 1, 2])
        XCTAssertEqual(pending.counters.map(\.name), ["Download queue", "Image Filtration queue", "Resize queue"])
    }

    func testKeysSuspendResumeAndCancelSpanEveryStage() throws {
        let pending = PendingOperations<String, Operation>()
        let downloads = try XCTUnwrap(pending.stage(named: StageConfiguration.downloadName))
        let filtrations = try XCTUnwrap(pending.stage(named: StageConfiguration.filtrationName))
        pending.suspendAll()
        let download = ManualAsyncOperation()
        let filter = BlockOperation {}
        let otherFilter = BlockOperation {}
        let otherFilterDone = expectCompletion(of: otherFilter)
        downloads.add(download, forKey: "a")
        filtrations.add(filter, forKey: "b")
        filtrations.add(otherFilter, forKey: "c")

        XCTAssertEqual(pending.keys, ["a", "b", "c"])
        XCTAssertEqual(pending.counters.map(\.isSuspended), [true, true])
        XCTAssertEqual(pending.counters.map(\.waiting), [1, 2])

        pending.cancel(keys: ["a", "b"])
        XCTAssertEqual(pending.keys, ["c"])
        XCTAssertTrue(download.isCancelled)
        XCTAssertTrue(filter.isCancelled)
        XCTAssertFalse(otherFilter.isCancelled)

        pending.resumeAll()
        XCTAssertEqual(pending.counters.map(\.isSuspended), [false, false])
        wait(for: [otherFilterDone], timeout: Self.patience)
        try waitUntil("every operation was forgotten") { pending.keys.isEmpty }
        try waitUntil("every end was counted") { pending.counters.map { $0.completed + $0.cancelled } == [1, 2] }
        XCTAssertEqual(pending.counters.map(\.cancelled), [1, 1])
        XCTAssertEqual(download.snapshot.executeCalls, 0)
    }

    func testCancelAllCancelsEveryStage() throws {
        let pending = PendingOperations<Int, Operation>()
        pending.suspendAll()
        let operations = [BlockOperation {}, BlockOperation {}]
        for (stage, operation) in zip(pending.stages, operations) { stage.add(operation, forKey: 1) }

        pending.cancelAll()

        XCTAssertTrue(pending.keys.isEmpty)
        XCTAssertEqual(operations.map(\.isCancelled), [true, true])
        pending.resumeAll()
    }
}
