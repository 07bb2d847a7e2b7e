import Foundation
import SepiaOperations
import SepiaTestSupport
import XCTest

/// A dependent cancelled while its input waits finishes first; Linux's `Operation` still
/// points to it, unretained, until the input finishes, so the input must keep it alive.
final class DependentLifetimeTests: XCTestCase {

    private func assertInputKeepsItsCancelledDependentAlive(_ input: some ResultProducing<Int>) throws {
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
        try waitUntil("the cancelled dependent left its queue first") { dependentQueue.operationCount == 0 }
        XCTAssertNotNil(weakDependent, "kept alive while its input has not finished")

        inputQueue.isSuspended = false
        try waitUntil("the input finished and let its dependent go") { inputQueue.operationCount == 0 && weakDependent == nil }
    }

    func testAnAsynchronousInputKeepsItsCancelledDependentAliveUntilItFinishes() throws {
        try assertInputKeepsItsCancelledDependentAlive(CallbackAsyncOperation<Int> { .success(1) })
    }

    func testASynchronousInputKeepsItsCancelledDependentAliveUntilItFinishes() throws {
        try assertInputKeepsItsCancelledDependentAlive(BlockResultOperation<Int> { _ in 1 })
    }
}

/// The tutorial's own pattern: a plain `BlockOperation` filter that depends on a download
/// through `addDependency`, both tracked in `PendingOperations`; the filter is cancelled
/// while the download still runs (the row left the screen, the download is kept). Without a
/// keeper the filter is freed while the download still points to it.
final class PlainDependentLifetimeTests: XCTestCase {
    private func assertStageKeepsCancelledFilterAlive(
        download: Operation, started: DispatchSemaphore, finishDownload: () -> Void
    ) throws {
        let pending = PendingOperations<Int, Operation>()
        let downloads = try XCTUnwrap(pending.stage(named: StageConfiguration.downloadName))
        let filtrations = try XCTUnwrap(pending.stage(named: StageConfiguration.filtrationName))
        weak var weakFilter: Operation?
        downloads.add(download, forKey: 7)
        waitFor(started, "the download started")
        pending.suspendAll()
        do {
            let filter = BlockOperation {}
            filter.addDependency(download)
            weakFilter = filter
            filtrations.add(filter, forKey: 7)
        }
        filtrations.cancel(keys: [7])
        pending.resumeAll()
        try waitUntil("the cancelled filter left its queue") { filtrations.counters.cancelled == 1 }
        XCTAssertNotNil(weakFilter, "kept alive while the download has not finished")
        XCTAssertFalse(download.isFinished)
        finishDownload()
        try waitUntil("the download finished and let the filter go") { download.isFinished && weakFilter == nil }
    }

    func testAStageKeepsACancelledPlainDependentOfAnAsyncDownloadAlive() throws {
        let download = ManualAsyncOperation()
        try assertStageKeepsCancelledFilterAlive(download: download, started: download.started) {
            download.complete(with: 1)
        }
    }

    func testAStageKeepsACancelledPlainDependentOfAResultOperationAlive() throws {
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let download = BlockResultOperation<Int> { _ in
            started.signal()
            gate.wait()
            return 1
        }
        try assertStageKeepsCancelledFilterAlive(download: download, started: started) { gate.signal() }
    }

    func testAStageKeepsACancelledPlainDependentOfAPlainOperationAlive() throws {
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let download = BlockOperation {
            started.signal()
            gate.wait()
        }
        try assertStageKeepsCancelledFilterAlive(download: download, started: started) { gate.signal() }
    }

    func testASepiaOperationAddedAsAPlainDependencyIsKeptAliveInAnyQueue() throws {
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let input = BlockOperation {
            started.signal()
            gate.wait()
        }
        let inputQueue = OperationQueue()
        let dependentQueue = OperationQueue()
        weak var weakDependent: Operation?
        inputQueue.addOperation(input)
        waitFor(started, "the input started")
        do {
            let dependent = BlockResultOperation<Int> { _ in 1 }
            dependent.addDependency(input)
            weakDependent = dependent
            dependentQueue.addOperation(dependent)
            dependent.cancel()
        }
        try waitUntil("the cancelled dependent left its queue") { dependentQueue.operationCount == 0 }
        XCTAssertNotNil(weakDependent, "kept alive while its input has not finished")
        gate.signal()
        try waitUntil("the input finished and let its dependent go") { inputQueue.operationCount == 0 && weakDependent == nil }
    }
}
