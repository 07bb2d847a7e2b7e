import Dispatch
import Foundation
import SepiaImaging
import XCTest

@testable import SepiaList
@testable import SepiaPipeline

/// A row shows the previews of its photo while it downloads, replaced by the photo; previews
/// that come late, show less, or belong to work the row gave up are ignored.
@MainActor
final class PhotoListPreviewTests: XCTestCase, @unchecked Sendable {
    private let url = URL(string: "http://127.0.0.1/photo.jpg")!

    nonisolated private static func preview(units: Int, gray: UInt8) -> ProgressivePreview {
        ProgressivePreview(
            image: RGBAImage(width: 8, height: 6, red: gray, green: gray, blue: gray), format: .jpeg, completeUnits: units, isFinest: false)
    }

    /// Lets every handler already queued on the main queue run.
    private func drain() {
        let drained = expectation(description: "the main queue ran what was queued")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 10)
    }

    nonisolated func testARowShowsItsPreviewsUntilThePhotoReplacesThem() {
        MainActor.assumeIsolated {
            let loader = FakePhotoLoader()
            let controller = PhotoListController(
                loader: loader, configuration: PhotoListConfiguration(prefetchDistance: 0), scheduler: ManualListScheduler())
            var changedRows: [Int] = []
            controller.onChange = { if case .rows(let rows) = $0 { changedRows += rows } }
            controller.loadSource { $0(.success([PhotoEntry(name: "Photo", location: .remote(self.url))])) }
            drain()
            controller.show(rows: 0..<1)
            let download = loader.requests(.original, for: url)[0]

            download.task.report(Self.preview(units: 1, gray: 40))
            drain()
            XCTAssertEqual(controller.records[0].state, .new)
            XCTAssertEqual(controller.records[0].preview?.completeUnits, 1)
            XCTAssertEqual(controller.records[0].shownImage()?.pixel(x: 0, y: 0).red, 40)
            XCTAssertEqual(changedRows, [0])

            download.task.report(Self.preview(units: 4, gray: 90))
            download.task.report(Self.preview(units: 2, gray: 60))  // less than the row shows: ignored
            drain()
            XCTAssertEqual(controller.records[0].preview?.completeUnits, 4)
            XCTAssertEqual(changedRows, [0, 0])

            let photo = RGBAImage(width: 8, height: 6, red: 200, green: 200, blue: 200)
            download.complete(with: .success(photo))
            download.task.report(Self.preview(units: 6, gray: 120))  // after the end: never delivered
            drain()
            XCTAssertEqual(controller.records[0].state, .downloaded)
            XCTAssertNil(controller.records[0].preview)
            XCTAssertEqual(controller.records[0].shownImage(), photo)
            controller.cancelAll()
        }
    }

    nonisolated func testThePreviewOfWorkTheRowGaveUpIsIgnored() {
        MainActor.assumeIsolated {
            let loader = FakePhotoLoader()
            let scheduler = ManualListScheduler()
            let controller = PhotoListController(
                loader: loader, configuration: PhotoListConfiguration(settleDelay: 0.1, prefetchDistance: 0, retainDistance: 0),
                scheduler: scheduler)
            let entries = (0..<20).map { PhotoEntry(name: "Photo \($0)", location: .remote(URL(string: "http://127.0.0.1/\($0).jpg")!)) }
            controller.loadSource { $0(.success(entries)) }
            drain()
            controller.show(rows: 0..<2)
            let first = loader.requests(.original, for: entries[0].location.url!)[0]
            first.task.report(Self.preview(units: 1, gray: 40))
            drain()
            XCTAssertNotNil(controller.records[0].preview)

            // Scrolled away: the download is cancelled and the preview dropped with the picture.
            controller.scroll(toShow: 10..<12)
            scheduler.advance(by: 0.2)
            XCTAssertTrue(first.isCancelled)
            XCTAssertNil(controller.records[0].preview, "far from the screen, the row keeps no picture")
            first.task.report(Self.preview(units: 2, gray: 60))
            drain()
            XCTAssertNil(controller.records[0].preview, "a cancelled download's preview is not shown")
            controller.cancelAll()
        }
    }

    nonisolated func testAFailedRowDropsItsPreview() {
        var record = PhotoRecord(entry: PhotoEntry(name: "Row", location: .remote(url)))
        XCTAssertTrue(record.markPreview(Self.preview(units: 1, gray: 40)))
        XCTAssertFalse(record.markPreview(Self.preview(units: 1, gray: 50)), "no more detail")
        XCTAssertTrue(record.markFailed(.processing("the connection closed")))
        XCTAssertNil(record.preview)
        XCTAssertNil(record.shownImage(), "a failed row shows its failure")
        XCTAssertFalse(record.markPreview(Self.preview(units: 2, gray: 40)))
    }
}
