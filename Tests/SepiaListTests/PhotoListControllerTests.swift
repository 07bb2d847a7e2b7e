import Dispatch
import Foundation
import SepiaImaging
import XCTest

@testable import SepiaList
@testable import SepiaPipeline

/// The tutorial's list logic, driven by hand: which rows start work, when scrolling holds it,
/// what settling cancels and starts, prefetching and priorities.
/// On the main actor, like the code under test. Linux XCTest cannot call main-actor test
/// methods, so each test is `nonisolated` and enters the main actor (XCTest runs it on the
/// main thread) with `MainActor.assumeIsolated`; `@unchecked Sendable` lets it take `self`
/// along, which only the main actor touches.
@MainActor
final class PhotoListControllerTests: XCTestCase, @unchecked Sendable {
    private var loader: FakePhotoLoader!
    private var scheduler: ManualListScheduler!
    private var controller: PhotoListController!
    private var changes: [PhotoListChange] = []
    private let original = RGBAImage(width: 4, height: 3, red: 200, green: 200, blue: 200)
    private let filtered = RGBAImage(width: 4, height: 3, red: 255, green: 232, blue: 190)

    private func url(_ row: Int) -> URL { URL(string: "http://127.0.0.1/photo-\(row).jpg")! }

    /// A controller over `count` rows (with `invalid` rows that have no URL), loaded.
    private func makeList(
        count: Int = 40, invalid: Set<Int> = [],
        configuration: PhotoListConfiguration = PhotoListConfiguration(prefetchDistance: 0)
    ) {
        loader = FakePhotoLoader()
        scheduler = ManualListScheduler()
        controller = PhotoListController(loader: loader, configuration: configuration, scheduler: scheduler)
        let entries = (0..<count).map { row in
            PhotoEntry(
                name: String(format: "Photo %03d", row),
                location: invalid.contains(row) ? .invalid(reason: "\"NO URL\" is not a URL") : .remote(url(row)))
        }
        do {
            controller.onChange = { [unowned self] in changes.append($0) }
            controller.loadSource { $0(.success(entries)) }
        }
        drain()
    }

    /// Lets every result already delivered reach the controller: runs the main queue until
    /// the blocks queued before this call have run.
    private func drain() {
        let drained = expectation(description: "the main queue ran what was queued")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 10)
    }

    private func downloads(_ row: Int) -> [FakePhotoRequest] { loader.requests(.original, for: url(row)) }
    private func filters(_ row: Int) -> [FakePhotoRequest] { loader.requests(.processed, for: url(row)) }
    private func startedDownloadRows() -> Set<Int> {
        Set((0..<(controller.records.count)).filter { !downloads($0).isEmpty })
    }
    private func record(_ row: Int) -> PhotoRecord { (controller.records[row]) }

    private func finishDownload(_ row: Int) {
        downloads(row).last!.complete(with: .success(original))
        drain()
    }

    private func finishFilter(_ row: Int) {
        filters(row).last!.complete(with: .success(filtered))
        drain()
    }

    private func scroll(to rows: Range<Int>) { (controller.scroll(toShow: rows)) }

    private func settle() {
        scheduler.advance(by: (controller.configuration.settleDelay))
        drain()
    }

    nonisolated func testOnlyVisibleRowsStartDownloadingAtHighPriority() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<5)
            XCTAssertEqual(startedDownloadRows(), Set(0..<5))
            XCTAssertTrue(loader.requests.allSatisfy { $0.priority == .high })
            XCTAssertEqual((controller.rowsShown), IndexSet(integersIn: 0..<5))
        }
    }

    nonisolated func testAFailedSourceBecomesAnAlertAndNoWorkStarts() {
        MainActor.assumeIsolated {
            loader = FakePhotoLoader()
            controller = PhotoListController(loader: loader, scheduler: ManualListScheduler())
            do {
                controller.loadSource { $0(.failure(.unsupportedLocation("gopher://photos"))) }
                XCTAssertEqual(controller.sourceState, .loading, "the result arrives on the main queue, later")
            }
            drain()
            guard case .failed(let message) = (controller.sourceState) else {
                return XCTFail("expected a failed source")
            }
            XCTAssertTrue(message.contains("gopher://photos"), message)
            controller.show(rows: 0..<5)
            XCTAssertTrue(loader.requests.isEmpty)
        }
    }

    nonisolated func testShowingTheSameRowsAgainNeverStartsWorkTwice() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<5)
            controller.show(rows: 0..<5)
            scroll(to: 0..<5)
            settle()
            XCTAssertEqual(loader.requests.count, 5)
        }
    }

    nonisolated func testADownloadShowsTheOriginalThenTheFilterReplacesIt() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<3)
            changes = []
            finishDownload(1)
            XCTAssertEqual(record(1).state, .downloaded)
            XCTAssertEqual(record(1).image, original)
            XCTAssertEqual(changes, [.rows([1])])
            XCTAssertEqual(filters(1).count, 1, "a visible downloaded row is filtered at once")
            XCTAssertEqual(filters(1).first?.priority, .high)

            finishFilter(1)
            XCTAssertEqual(record(1).state, .filtered)
            XCTAssertEqual(record(1).image, filtered)
            XCTAssertEqual((controller.workDone.filtered), IndexSet(integer: 1))
        }
    }

    nonisolated func testScrollingSuspendsTheQueuesAndStartsNothingUntilItSettles() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<5)
            changes = []
            scroll(to: 10..<15)
            XCTAssertTrue(loader.isSuspended)
            XCTAssertEqual((controller.scrollPhase), .scrolling)
            XCTAssertEqual(startedDownloadRows(), Set(0..<5), "nothing starts while scrolling")
            XCTAssertFalse(downloads(0)[0].isCancelled, "nothing is cancelled before the scroll settles")

            settle()
            XCTAssertFalse(loader.isSuspended)
            XCTAssertEqual((controller.scrollPhase), .idle)
            XCTAssertEqual(changes, [.scrollPhase, .scrollPhase], "scrolling, then idle")
            XCTAssertTrue((0..<5).allSatisfy { downloads($0)[0].isCancelled }, "rows that left the screen are cancelled")
            XCTAssertEqual(startedDownloadRows(), Set(0..<5).union(10..<15))
            XCTAssertTrue(((10..<15).allSatisfy { controller.isWorking(row: $0) }))
            XCTAssertFalse((controller.isWorking(row: 0)))
        }
    }

    nonisolated func testEachScrollInputPostponesTheSettle() {
        MainActor.assumeIsolated {
            makeList()
            scroll(to: 5..<10)
            scheduler.advance(by: 0.1)
            scroll(to: 6..<11)
            scheduler.advance(by: 0.1)
            XCTAssertEqual((controller.scrollPhase), .scrolling, "0.1 s after the last input")
            XCTAssertTrue(loader.requests.isEmpty)
            scheduler.advance(by: 0.06)
            drain()
            XCTAssertEqual((controller.scrollPhase), .idle)
            XCTAssertEqual(startedDownloadRows(), Set(6..<11))
            XCTAssertEqual(changes.filter { $0 == .scrollPhase }.count, 2, "one scroll gesture: scrolling once, then idle")
        }
    }

    nonisolated func testRowsPassedInAFlingAreNeverLoaded() {
        MainActor.assumeIsolated {
            makeList(count: 500)
            controller.show(rows: 0..<8)
            for top in stride(from: 4, through: 492, by: 4) { scroll(to: top..<(top + 8)) }
            settle()
            XCTAssertEqual(startedDownloadRows(), Set(0..<8).union(492..<500))
            XCTAssertEqual((controller.rowsShown.count), 500, "every row passed was on screen for a moment")
        }
    }

    nonisolated func testACancelledFilterKeepsTheDownloadAndComingBackOnlyFilters() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<5)
            finishDownload(0)
            XCTAssertEqual(filters(0).count, 1)
            scroll(to: 20..<25)
            settle()
            XCTAssertTrue(filters(0)[0].isCancelled)
            XCTAssertEqual(record(0).state, .downloaded, "the download is kept")
            XCTAssertEqual(record(0).image, original)

            scroll(to: 0..<5)
            settle()
            XCTAssertEqual(downloads(0).count, 1, "no second download")
            XCTAssertEqual(filters(0).count, 2, "only a new filter")
            XCTAssertFalse(filters(0)[1].isCancelled)
        }
    }

    /// A result already on its way when its request was cancelled and replaced must not be
    /// taken for the new request's: within one turn of the list's queue, the first download
    /// ends (its handler is queued), the row leaves the screen (cancel) and comes back (a new
    /// download); the first result then arrives while the second request is current.
    nonisolated func testALateResultOfCancelledWorkChangesNothing() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<5)
            let first = downloads(2)[0]
            do {
                first.complete(with: .success(original))
                controller.show(rows: 20..<25)
                controller.show(rows: 0..<5)
            }
            drain()
            XCTAssertEqual(downloads(2).count, 2, "the row came back with a new download")
            XCTAssertEqual(record(2).state, .new, "only the current request counts")
            XCTAssertTrue((controller.isWorking(row: 2)))
            downloads(2)[1].complete(with: .success(original))
            drain()
            XCTAssertEqual(record(2).state, .downloaded)
        }
    }

    /// Rows shown before the source loaded start as soon as it has; loading it again cancels
    /// the old rows' work, and their late results never land on the new rows.
    nonisolated func testLoadingTheSourceAgainStartsAfreshWithoutOldWork() {
        MainActor.assumeIsolated {
            loader = FakePhotoLoader()
            scheduler = ManualListScheduler()
            controller = PhotoListController(
                loader: loader, configuration: PhotoListConfiguration(prefetchDistance: 0), scheduler: scheduler)
            let entries = { (count: Int, prefix: String) in
                (0..<count).map {
                    PhotoEntry(name: "\(prefix) \($0)", location: .remote(URL(string: "http://127.0.0.1/\(prefix)/\($0).jpg")!))
                }
            }
            do {
                controller.show(rows: 0..<5)
                controller.loadSource { $0(.success(entries(40, "old"))) }
            }
            drain()
            XCTAssertEqual(loader.requests.count, 5, "the rows shown before the load start once it has")
            let old = loader.requests
            controller.loadSource { $0(.success(entries(3, "new"))) }
            drain()
            XCTAssertTrue(old.allSatisfy(\.isCancelled), "the old rows' work is cancelled")
            old[1].complete(with: .success(original))
            drain()
            XCTAssertEqual((controller.records.map(\.state)), [.new, .new, .new])
            XCTAssertEqual((controller.visibleRows), 0..<3)
            XCTAssertEqual(loader.requests.count, 8, "the new rows on screen start")
            XCTAssertEqual((controller.rowsShown), IndexSet(integersIn: 0..<3))
        }
    }

    /// A slow first load that ends after a second one must not replace the newer rows.
    nonisolated func testASlowEarlierLoadEndingLastIsIgnored() {
        MainActor.assumeIsolated {
            makeList(count: 0)
            var finishSlowLoad: (@Sendable (Result<[PhotoEntry], PhotoSourceError>) -> Void)?
            do {
                controller.loadSource { finishSlowLoad = $0 }
                controller.loadSource { $0(.success([PhotoEntry(name: "New", location: .remote(url(0)))])) }
            }
            drain()
            finishSlowLoad?(.success((0..<5).map { PhotoEntry(name: "Old \($0)", location: .remote(url($0))) }))
            drain()
            XCTAssertEqual((controller.records.map(\.name)), ["New"])
            XCTAssertEqual((controller.sourceState), .loaded)
        }
    }

    nonisolated func testPrefetchWaitsForTheScreenAndTheDelayThenLoadsAheadAtLowPriority() {
        MainActor.assumeIsolated {
            makeList(configuration: PhotoListConfiguration(prefetchDistance: 2))
            controller.show(rows: 0..<3)
            XCTAssertEqual(startedDownloadRows(), Set(0..<3), "no prefetch before the screen has its photos")
            for row in 0..<3 {
                finishDownload(row)
                finishFilter(row)
            }
            XCTAssertEqual(startedDownloadRows(), Set(0..<3), "no prefetch before the user stayed on the screen")
            scheduler.advance(by: 0.5)
            drain()
            XCTAssertEqual(startedDownloadRows(), Set(0..<5), "nothing above the first row; two below")
            XCTAssertEqual(downloads(3)[0].priority, .low)
            XCTAssertEqual(downloads(4)[0].priority, .low)

            scroll(to: 2..<5)
            settle()
            XCTAssertEqual(downloads(3).count, 1, "the prefetch goes on")
            XCTAssertEqual(downloads(3)[0].priority, .high, "raised when the row became visible")
            XCTAssertFalse(downloads(3)[0].isCancelled)
        }
    }

    /// Out-of-range distances neither trap (an empty range, an overflow) nor drop what was
    /// just prefetched: a huge prefetch reaches the end of the list, a negative retain
    /// distance keeps at least the prefetched rows.
    nonisolated func testOutOfRangeDistancesAreClamped() {
        MainActor.assumeIsolated {
            makeList(count: 8, configuration: PhotoListConfiguration(prefetchDistance: .max, retainDistance: -100))
            controller.show(rows: 0..<3)
            for row in 0..<3 {
                finishDownload(row)
                finishFilter(row)
            }
            scheduler.advance(by: 0.5)
            drain()
            XCTAssertEqual(startedDownloadRows(), Set(0..<8))
            finishDownload(5)
            scroll(to: 0..<3)
            settle()
            XCTAssertNotNil(record(5).image, "a prefetched row keeps its photo")
        }
    }

    /// A retain distance of `Int.max` means "keep every image": the range around the screen
    /// must not overflow when the rows of a finished screen are weighed for discarding.
    nonisolated func testAnUnboundedRetainDistanceKeepsEveryImage() {
        MainActor.assumeIsolated {
            makeList(count: 8, configuration: PhotoListConfiguration(prefetchDistance: 0, retainDistance: .max))
            controller.show(rows: 0..<3)
            finishDownload(0)
            finishFilter(0)
            scroll(to: 5..<8)
            settle()
            XCTAssertNotNil(record(0).image, "kept, however far the screen moved")
        }
    }

    nonisolated func testPrefetchLoadsAheadOfTheLastScrollButNotForAScreenTheUserLeftAtOnce() {
        MainActor.assumeIsolated {
            makeList(configuration: PhotoListConfiguration(prefetchDistance: 2))
            scroll(to: 10..<12)
            settle()
            for row in 10..<12 {
                finishDownload(row)
                finishFilter(row)
            }
            scroll(to: 30..<32)
            scheduler.advance(by: 0.5)
            drain()
            XCTAssertEqual(startedDownloadRows(), Set(10..<12).union(30..<32), "left before the delay: no prefetch")
            for row in 30..<32 {
                finishDownload(row)
                finishFilter(row)
            }
            scheduler.advance(by: 0.5)
            drain()
            XCTAssertEqual(startedDownloadRows(), Set(10..<12).union(30..<34), "below, the way the list went")
            scroll(to: 20..<22)
            settle()
            for row in 20..<22 {
                finishDownload(row)
                finishFilter(row)
            }
            scheduler.advance(by: 0.5)
            drain()
            XCTAssertEqual(startedDownloadRows(), Set(10..<12).union(18..<22).union(30..<34), "above after scrolling up")
        }
    }

    /// A row's progress is its own download task's: pushed to the task, read while drawing.
    nonisolated func testARowsProgressIsItsDownloadTasksProgress() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<3)
            XCTAssertNil(controller.downloadProgress(row: 1), "nothing received yet")
            downloads(1)[0].task.report(DownloadProgress(received: 300, expected: 1000))
            XCTAssertEqual(controller.downloadProgress(row: 1), DownloadProgress(received: 300, expected: 1000))
            XCTAssertNil(controller.downloadProgress(row: 2), "each row its own")
            finishDownload(1)
            XCTAssertNil(controller.downloadProgress(row: 1), "no progress once the download ended")
        }
    }

    nonisolated func testAFailedRowShowsItsReasonAndCanBeRetried() {
        MainActor.assumeIsolated {
            makeList(invalid: [1])
            controller.show(rows: 0..<3)
            XCTAssertTrue(downloads(1).isEmpty, "a row without a URL never downloads")
            XCTAssertEqual(record(1).failureText, "Failed to load: \"NO URL\" is not a URL")
            downloads(2)[0].complete(with: .failure(.download(.status(code: 404, reason: "Not Found", retryAfter: nil))))
            downloads(0)[0].complete(with: .failure(.download(.status(code: 503, reason: "Service Unavailable", retryAfter: nil))))
            drain()
            XCTAssertEqual(record(2).failureText, "Failed to load: HTTP 404 Not Found")
            XCTAssertEqual(record(0).failureText, "Failed to load: HTTP 503 Service Unavailable")

            controller.retry(row: 0)
            XCTAssertEqual(record(0).state, .new)
            XCTAssertEqual(downloads(0).count, 2)
            controller.retry(row: 2)
            XCTAssertEqual(downloads(2).count, 1, "the server's 404 is final: no retry")
            XCTAssertTrue(record(2).state.isFailed)
            controller.retry(row: 1)
            XCTAssertTrue(downloads(1).isEmpty, "retrying cannot give a row a URL")
        }
    }

    nonisolated func testRowsFarFromTheScreenDropTheirImages() {
        MainActor.assumeIsolated {
            makeList(configuration: PhotoListConfiguration(prefetchDistance: 0, retainDistance: 5))
            controller.show(rows: 0..<2)
            finishDownload(0)
            finishFilter(0)
            finishDownload(1)
            scroll(to: 4..<6)
            settle()
            XCTAssertEqual(record(0).state, .filtered, "within the retain distance")
            scroll(to: 30..<32)
            settle()
            XCTAssertEqual(record(0).state, .new)
            XCTAssertNil(record(0).image)
            XCTAssertEqual(record(1).state, .new)
        }
    }

    nonisolated func testWithoutDeferringWorkStartsWhileScrolling() {
        MainActor.assumeIsolated {
            makeList(configuration: PhotoListConfiguration(prefetchDistance: 0, defersWorkWhileScrolling: false))
            scroll(to: 10..<12)
            XCTAssertFalse(loader.isSuspended)
            XCTAssertEqual((controller.scrollPhase), .idle)
            XCTAssertEqual(startedDownloadRows(), Set(10..<12))
        }
    }

    nonisolated func testCancelAllCancelsEveryRequestAndResumes() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<4)
            scroll(to: 1..<5)
            controller.cancelAll()
            XCTAssertTrue(loader.requests.allSatisfy(\.isCancelled))
            XCTAssertFalse(loader.isSuspended)
            XCTAssertEqual((controller.workingRowCount), 0)
        }
    }

    // MARK: Changing the filter

    private let grey = RGBAImage(width: 4, height: 3, red: 128, green: 128, blue: 128)

    /// The new filter's photo for `row`'s latest filter request.
    private func finishFilter(_ row: Int, with image: RGBAImage) {
        filters(row).last!.complete(with: .success(image))
        drain()
    }

    nonisolated func testChangingTheFilterCancelsFiltersKeepsDownloadsAndFiltersTheScreenAgain() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<4)
            finishDownload(0)
            finishFilter(0)
            finishDownload(1)
            let sepia = controller.configuration.processing
            XCTAssertEqual(filters(1).map(\.processing.filter), [.sepia])

            controller.setFilter(.grayscale)
            XCTAssertEqual(controller.configuration.processing.filter, .grayscale)
            XCTAssertTrue(filters(1)[0].isCancelled, "the old filter's work in flight is cancelled")
            XCTAssertFalse(downloads(2)[0].isCancelled || downloads(3)[0].isCancelled, "downloads go on")
            XCTAssertEqual(loader.requests(.original, for: url(0)).count, 1, "a downloaded row is not downloaded again")
            XCTAssertEqual(filters(0).map(\.processing.filter), [.sepia, .grayscale], "a filtered row on screen filters again")
            XCTAssertEqual(filters(1).map(\.processing.filter), [.sepia, .grayscale])
            XCTAssertEqual(filters(0).last?.priority, .high)
            XCTAssertEqual(record(0).state, .filtered, "the row keeps its photo until the new one comes")
            XCTAssertEqual(record(0).image, filtered)
            XCTAssertEqual(record(0).processing, sepia, "and says which filter made it")
            XCTAssertTrue(controller.isWorking(row: 0))

            finishFilter(0, with: grey)
            XCTAssertEqual(record(0).image, grey)
            XCTAssertEqual(record(0).processing?.filter, .grayscale)
            XCTAssertFalse(controller.isWorking(row: 0))
            finishDownload(2)
            XCTAssertEqual(filters(2).map(\.processing.filter), [.grayscale], "a download that ends later gets the new filter")
            let requests = loader.requests.count
            controller.setFilter(.grayscale)
            XCTAssertEqual(loader.requests.count, requests, "the same filter again asks for nothing")
        }
    }

    /// While the user scrolls nothing starts: a new filter waits for the settle, which filters
    /// the rows then on screen again, and not those that left.
    nonisolated func testAFilterChangedWhileScrollingAppliesWhenScrollingSettles() {
        MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<3)
            for row in 0..<3 {
                finishDownload(row)
                finishFilter(row)
            }
            scroll(to: 1..<4)
            let requests = loader.requests.count
            controller.setFilter(.grayscale)
            XCTAssertEqual(loader.requests.count, requests, "nothing starts while scrolling")
            XCTAssertTrue(loader.isSuspended, "the queues stay suspended")
            XCTAssertEqual(controller.scrollPhase, .scrolling)

            settle()
            XCTAssertFalse(loader.isSuspended)
            XCTAssertEqual(filters(0).count, 1, "a row that left the screen keeps its photo and is not filtered again")
            XCTAssertEqual(filters(1).map(\.processing.filter), [.sepia, .grayscale])
            XCTAssertEqual(filters(2).map(\.processing.filter), [.sepia, .grayscale])
            XCTAssertEqual(downloads(3).count, 1)

            scroll(to: 0..<3)
            settle()
            XCTAssertEqual(filters(0).map(\.processing.filter), [.sepia, .grayscale], "filtered again once back on screen")
        }
    }

    /// The old filter's result, already on its way when the filter changed, is not taken: the
    /// row stays as it was and gets the new filter's photo only. Switching back before the new
    /// photo arrives leaves a row that has the old filter's photo as it is, asking nothing.
    nonisolated func testAResultOfTheOldFilterArrivingAfterTheChangeIsIgnored() throws {
        try MainActor.assumeIsolated {
            makeList()
            controller.show(rows: 0..<2)
            finishDownload(0)
            finishDownload(1)
            finishFilter(1)
            do {
                filters(0)[0].complete(with: .success(filtered))
                controller.setFilter(.grayscale)
            }
            drain()
            XCTAssertEqual(record(0).state, .downloaded, "the sepia photo that came late was not taken")
            XCTAssertEqual(record(0).image, original)
            XCTAssertEqual(filters(0).map(\.processing.filter), [.sepia, .grayscale])
            XCTAssertTrue(controller.isWorking(row: 0))
            finishFilter(0, with: grey)
            XCTAssertEqual(record(0).processing?.filter, .grayscale)
            XCTAssertEqual(record(0).image, grey)

            let sepia = record(1).processing
            let grayscaleFilter = try XCTUnwrap(filters(1).last)
            controller.setFilter(.sepia)
            XCTAssertTrue(grayscaleFilter.isCancelled, "the grayscale filter is not wanted any more")
            XCTAssertEqual(filters(1).count, 2, "the row has the sepia photo already")
            grayscaleFilter.complete(with: .success(grey))
            drain()
            XCTAssertEqual(record(1).image, filtered)
            XCTAssertEqual(record(1).processing, sepia)
            XCTAssertFalse(controller.isWorking(row: 1))
        }
    }
}
