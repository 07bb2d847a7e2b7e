import Foundation
import SepiaOperations
import SepiaTestSupport
import XCTest

final class OperationStageTests: XCTestCase {
    private func makeStage(concurrency: Int = OperationQueue.defaultMaxConcurrentOperationCount) -> OperationStage<Int, Operation> {
        OperationStage(configuration: StageConfiguration(name: "Test queue", maxConcurrentOperationCount: concurrency))
    }

    func testLookupFindsTheOperationOfAKey() {
        let stage = makeStage()
        stage.suspend()
        let first = BlockOperation {}
        let second = ManualAsyncOperation()

        stage.add(first, forKey: 1)
        stage.add(second, forKey: 2)

        XCTAssertTrue(stage.work(forKey: 1) === first)
        XCTAssertTrue(stage.work(forKey: 2) === second)
        XCTAssertNil(stage.work(forKey: 3))
        XCTAssertEqual(stage.keys, [1, 2])
        stage.cancelAll()
        stage.resume()
    }

    func testOperationIsForgottenWhenItEnds() throws {
        let stage = makeStage()
        let operation = ManualAsyncOperation()
        stage.add(operation, forKey: 1)
        waitFor(operation.started, "the operation to start")
        XCTAssertTrue(stage.work(forKey: 1) === operation)

        operation.complete(with: 1)

        try waitUntil("the stage forgot the operation") { stage.work(forKey: 1) == nil }
        XCTAssertEqual(stage.keys, [])
    }

    func testReplacementIsNotForgottenWhenTheReplacedOperationEnds() throws {
        let stage = makeStage()
        let old = ManualAsyncOperation()
        let replacement = ManualAsyncOperation()
        stage.add(old, forKey: 1)

        let replaced = stage.add(replacement, forKey: 1)
        XCTAssertTrue(replaced === old)
        XCTAssertFalse(old.isCancelled, "replacing does not cancel")
        waitFor(old.started, "the old operation to start")
        old.complete(with: 1)

        try waitUntil("the old operation's end was counted") { stage.counters.completed == 1 }
        XCTAssertTrue(stage.work(forKey: 1) === replacement)
        waitFor(replacement.started, "the replacement to start")
        replacement.complete(with: 2)
        try waitUntil("the replacement was forgotten") { stage.work(forKey: 1) == nil }
    }

    func testCancelKeysCancelsAndForgetsOnlyThoseKeys() throws {
        let stage = makeStage()
        stage.suspend()
        let operations = (0..<3).map { _ in ManualAsyncOperation() }
        for (key, operation) in operations.enumerated() { stage.add(operation, forKey: key) }

        stage.cancel(keys: [0, 2, 99])

        XCTAssertEqual(stage.keys, [1])
        XCTAssertEqual(operations.map(\.isCancelled), [true, false, true])
        stage.resume()
        waitFor(operations[1].started, "the kept operation to start")
        operations[1].complete(with: 1)
        try waitUntil("every end was counted") { stage.counters.completed + stage.counters.cancelled == 3 }
        XCTAssertEqual(stage.counters.cancelled, 2)
        XCTAssertEqual(stage.counters.completed, 1)
        XCTAssertEqual(operations.map(\.snapshot.executeCalls), [0, 1, 0])
    }

    func testSuspendHoldsNewWorkAndResumeReleasesIt() {
        let stage = makeStage()
        stage.suspend()
        let ran = expectation(description: "operation ran")
        ran.isInverted = true
        stage.add(BlockOperation { ran.fulfill() }, forKey: 1)

        wait(for: [ran], timeout: 0.3)
        XCTAssertTrue(stage.isSuspended)
        XCTAssertEqual(stage.counters.waiting, 1)

        let ranAfterResume = expectation(description: "operation ran after resume")
        stage.add(BlockOperation { ranAfterResume.fulfill() }, forKey: 2)
        stage.resume()

        wait(for: [ranAfterResume], timeout: Self.patience)
        XCTAssertFalse(stage.isSuspended)
    }

    func testCountersReportRunningWaitingCompletedAndCancelled() throws {
        let stage = makeStage(concurrency: 1)
        XCTAssertEqual(
            stage.counters,
            StageCounters(name: "Test queue", running: 0, waiting: 0, isSuspended: false, completed: 0, cancelled: 0)
        )
        let running = ManualAsyncOperation()
        let waiting = ManualAsyncOperation()
        let doomed = ManualAsyncOperation()
        stage.add(running, forKey: 1)
        waitFor(running.started, "the first operation to start")
        stage.add(waiting, forKey: 2)
        stage.add(doomed, forKey: 3)

        XCTAssertEqual(stage.counters.running, 1)
        XCTAssertEqual(stage.counters.waiting, 2)

        stage.cancel(keys: [3])
        running.complete(with: 1)
        waitFor(waiting.started, "the second operation to start")
        waiting.complete(with: 2)

        try waitUntil("every end was counted") { stage.counters.completed + stage.counters.cancelled == 3 }
        XCTAssertEqual(
            stage.counters,
            StageCounters(name: "Test queue", running: 0, waiting: 0, isSuspended: false, completed: 2, cancelled: 1)
        )
    }

    func testCompletionBlockSetBeforeAddingStillRuns() throws {
        let stage = makeStage()
        let operation = BlockOperation {}
        let completed = expectCompletion(of: operation)

        stage.add(operation, forKey: 1)

        wait(for: [completed], timeout: Self.patience)
        try waitUntil("the end was counted") { stage.counters.completed == 1 }
        XCTAssertNil(stage.work(forKey: 1))
    }

    func testFinishedOperationIsNeverReportedEvenWithoutItsBookkeeping() {
        let stage = makeStage()
        stage.suspend()
        let operation = BlockOperation {}
        stage.add(operation, forKey: 1)
        let completed = expectCompletion(of: operation)  // replaces the stage's bookkeeping

        stage.resume()

        wait(for: [completed], timeout: Self.patience)
        XCTAssertEqual(stage.keys, [])
        XCTAssertNil(stage.work(forKey: 1))
        XCTAssertEqual(stage.counters.completed, 0, "the replaced bookkeeping never counted the end")
    }

    func testConcurrencyCanBeChanged() {
        let stage = makeStage(concurrency: 1)
        XCTAssertEqual(stage.maxConcurrentOperationCount, 1)

        stage.maxConcurrentOperationCount = 3

        XCTAssertEqual(stage.maxConcurrentOperationCount, 3)
    }

    func testConcurrentUseFromManyThreadsKeepsTheBookkeepingRight() throws {
        let stage = makeStage(concurrency: 2)
        let batch = BatchGroup()
        DispatchQueue.concurrentPerform(iterations: 400) { key in
            batch.enter()
            let operation = BlockOperation {}
            operation.completionBlock = { batch.leave() }
            stage.add(operation, forKey: key % 50)
            if key.isMultiple(of: 3) { stage.cancel(keys: [key % 50]) }
            _ = stage.work(forKey: key % 50)
            _ = stage.counters
        }

        XCTAssertEqual(batch.wait(timeout: .now() + Self.patience), .success)
        try waitUntil("every end was counted") { stage.counters.completed + stage.counters.cancelled == 400 }
        try waitUntil("every operation was forgotten") { stage.keys.isEmpty }
    }

    /// Work that runs elsewhere (a pipeline's task) is tracked without being queued, stays
    /// tracked after it has finished until its owner removes it, and a stale removal fails.
    func testTrackedWorkStaysUntilItsOwnerRemovesIt() {
        let stage = makeStage()
        let first = BlockOperation {}
        let second = BlockOperation {}
        stage.track(first, forKey: 1)
        first.cancel()
        first.start()  // finished, not through the stage's queue
        XCTAssertTrue(first.isFinished)
        XCTAssertTrue(stage.work(forKey: 1) === first, "a finished tracked work waits for its owner")
        XCTAssertEqual(stage.keys, [1])
        XCTAssertEqual(stage.counters.completed + stage.counters.cancelled, 0, "nothing went through the queue")

        XCTAssertTrue(stage.track(second, forKey: 1) === first, "tracking again returns the replaced work")
        XCTAssertFalse(stage.remove(first, forKey: 1), "the replaced work's result is stale")
        XCTAssertTrue(stage.contains(1))
        XCTAssertTrue(stage.remove(second, forKey: 1))
        XCTAssertFalse(stage.contains(1))
        XCTAssertFalse(stage.remove(second, forKey: 1), "only once")
    }

    /// Stages over queues that already exist share them: suspending the stages suspends them.
    func testPendingOperationsOverExistingQueuesUseThem() throws {
        let downloads = CountedQueue(configuration: .download())
        let filters = CountedQueue(configuration: .filtration())
        let pending = PendingOperations<Int, Operation>(queues: [downloads, filters])
        XCTAssertEqual(pending.stages.map(\.name), [StageConfiguration.downloadName, StageConfiguration.filtrationName])
        pending.suspendAll()
        XCTAssertTrue(downloads.isSuspended && filters.isSuspended)
        let operation = BlockOperation {}
        pending.stages[0].add(operation, forKey: 7)
        XCTAssertEqual(downloads.counters.waiting, 1, "added to the shared queue")
        pending.cancel(keys: [7])
        pending.resumeAll()
        XCTAssertFalse(downloads.isSuspended || filters.isSuspended)
        try waitUntil("the cancelled operation ends") { downloads.counters.cancelled == 1 }
        XCTAssertEqual(pending.keys, [])
    }
}
