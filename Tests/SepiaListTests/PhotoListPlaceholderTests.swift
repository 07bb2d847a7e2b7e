import Dispatch
import Foundation
import SepiaImaging
import XCTest

@testable import SepiaList
@testable import SepiaPipeline

/// A row whose entry carries a placeholder shows it from the moment the manifest is read until
/// its photo replaces it; a failed row shows its failure alone.
@MainActor
final class PhotoListPlaceholderTests: XCTestCase, @unchecked Sendable {
    private let url = URL(string: "http://127.0.0.1/photo.jpg")!
    private let original = RGBAImage(width: 4, height: 3, red: 200, green: 200, blue: 200)
    nonisolated private static let blurHash = BlurHashEncoder.encode(RGBAImage(width: 8, height: 6, red: 180, green: 90, blue: 30))

    /// Lets every result already delivered reach the controller.
    private func drain() {
        let drained = expectation(description: "the main queue ran what was queued")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 10)
    }

    nonisolated func testARecordHasItsPlaceholderBeforeAnyDownload() {
        MainActor.assumeIsolated {
            let loader = FakePhotoLoader()
            let controller = PhotoListController(
                loader: loader, configuration: PhotoListConfiguration(prefetchDistance: 0), scheduler: ManualListScheduler())
            let entries = [
                PhotoEntry(name: "With", location: .remote(url), placeholder: .blurHash(Self.blurHash)),
                PhotoEntry(name: "Without", location: .remote(URL(string: "http://127.0.0.1/other.jpg")!)),
            ]
            controller.loadSource { $0(.success(entries)) }
            drain()
            // Loaded, nothing on screen yet: no download has started, and the row has its picture.
            XCTAssertTrue(loader.requests(.original, for: url).isEmpty)
            let record = controller.records[0]
            XCTAssertEqual(record.state, .new)
            XCTAssertNil(record.image)
            XCTAssertTrue(record.showsPlaceholder)
            let placeholder = record.placeholderImage()
            XCTAssertEqual(placeholder?.size, PixelSize(width: 32, height: 24))
            XCTAssertEqual(placeholder?.pixel(x: 16, y: 12).red, 180, "the BlurHash's colour")
            XCTAssertFalse(controller.records[1].showsPlaceholder)
            XCTAssertNil(controller.records[1].placeholderImage())

            // On screen: the download starts, and the placeholder stays until the photo arrives.
            controller.show(rows: 0..<2)
            XCTAssertEqual(loader.requests(.original, for: url).count, 1)
            XCTAssertTrue(controller.records[0].showsPlaceholder)
            loader.requests(.original, for: url).last!.complete(with: .success(original))
            drain()
            XCTAssertEqual(controller.records[0].state, .downloaded)
            XCTAssertFalse(controller.records[0].showsPlaceholder)
            XCTAssertNil(controller.records[0].placeholderImage(), "the photo replaced it")
            XCTAssertEqual(controller.records[0].image, original)
            controller.cancelAll()
        }
    }

    nonisolated func testAFailedRowDropsItsPlaceholderAndARetryBringsItBack() {
        var record = PhotoRecord(entry: PhotoEntry(name: "Row", location: .remote(url), placeholder: .blurHash(Self.blurHash)))
        XCTAssertNotNil(record.placeholderImage())
        XCTAssertTrue(record.markFailed(.processing("the server went away")))
        XCTAssertFalse(record.showsPlaceholder, "a failed row shows its failure, not a photo that seems to come")
        XCTAssertNil(record.placeholderImage())
        XCTAssertTrue(record.reset())
        XCTAssertTrue(record.showsPlaceholder, "tried again, it waits for its photo again")
    }

    nonisolated func testADiscardedImageGivesWayToThePlaceholderAgain() {
        var record = PhotoRecord(
            entry: PhotoEntry(name: "Row", location: .remote(url), placeholder: .thumbHash(ThumbHashEncoder.encode(original))))
        XCTAssertTrue(record.markDownloaded(original))
        XCTAssertFalse(record.showsPlaceholder)
        XCTAssertTrue(record.discardImage())
        // A ThumbHash of a 4:3 photo keeps 7×5 components: drawn at 7:5.
        XCTAssertEqual(record.placeholderImage()?.size, PixelSize(width: 32, height: 23))
    }

    nonisolated func testAnInvalidLocationShowsNoPlaceholder() {
        let record = PhotoRecord(
            entry: PhotoEntry(name: "Row", location: .invalid(reason: "no URL"), placeholder: .blurHash(Self.blurHash)))
        XCTAssertFalse(record.showsPlaceholder)
    }
}
