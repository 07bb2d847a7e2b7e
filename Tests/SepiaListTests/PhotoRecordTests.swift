import Foundation
import SepiaImaging
import XCTest

@testable import SepiaList
@testable import SepiaPipeline

/// The row's state machine: which moves it accepts and what it keeps.
final class PhotoRecordTests: XCTestCase {
    private let url = URL(string: "https://example.com/photo.jpg")!
    private let original = RGBAImage(width: 2, height: 2, red: 200, green: 200, blue: 200)
    private let filtered = RGBAImage(width: 2, height: 2, red: 255, green: 232, blue: 190)
    private let sepia = PhotoProcessing(filter: .sepia)

    private func newRecord() -> PhotoRecord {
        PhotoRecord(entry: PhotoEntry(name: "Photo", location: .remote(url)))
    }

    func testAValidEntryStartsNewWithoutAnImage() {
        let record = newRecord()
        XCTAssertEqual(record.name, "Photo")
        XCTAssertEqual(record.state, .new)
        XCTAssertEqual(record.url, url)
        XCTAssertNil(record.image)
        XCTAssertNil(record.failureText)
    }

    func testAnInvalidEntryStartsFailedWithItsReasonAndCannotBeRetried() {
        var record = PhotoRecord(entry: PhotoEntry(name: "Broken", location: .invalid(reason: "\"NO URL\" is not a URL")))
        XCTAssertEqual(record.state, .failed(.invalidLocation("\"NO URL\" is not a URL")))
        XCTAssertEqual(record.failureText, "Failed to load: \"NO URL\" is not a URL")
        XCTAssertNil(record.url)
        XCTAssertFalse(record.reset(), "retrying cannot give an invalid row a URL")
        XCTAssertFalse(record.markDownloaded(original))
        XCTAssertEqual(record.state, .failed(.invalidLocation("\"NO URL\" is not a URL")))
    }

    func testDownloadedThenFilteredKeepsTheLatestImage() {
        var record = newRecord()
        XCTAssertTrue(record.markDownloaded(original))
        XCTAssertEqual(record.state, .downloaded)
        XCTAssertEqual(record.image, original)
        XCTAssertTrue(record.markFiltered(filtered, processing: sepia))
        XCTAssertEqual(record.state, .filtered)
        XCTAssertEqual(record.image, filtered)
        XCTAssertEqual(record.processing, sepia)
    }

    /// Filtering again with other processing replaces the photo and what made it; until then
    /// the row keeps the previous filter's photo, and says which filter made it.
    func testAFilteredRowCanBeFilteredAgainWithOtherProcessingOnly() {
        var record = newRecord()
        record.markDownloaded(original)
        XCTAssertNil(record.processing, "an original went through no processing")
        record.markFiltered(filtered, processing: sepia)
        let grey = RGBAImage(width: 2, height: 2, red: 128, green: 128, blue: 128)
        XCTAssertFalse(record.markFiltered(grey, processing: sepia), "the same processing again")
        XCTAssertEqual(record.image, filtered)
        let grayscale = PhotoProcessing(filter: .grayscale)
        XCTAssertTrue(record.markFiltered(grey, processing: grayscale))
        XCTAssertEqual(record.state, .filtered)
        XCTAssertEqual(record.image, grey)
        XCTAssertEqual(record.processing, grayscale)
        XCTAssertTrue(record.discardImage())
        XCTAssertNil(record.processing, "no image, no processing")
    }

    func testFilteredIsRefusedUnlessDownloaded() {
        var record = newRecord()
        XCTAssertFalse(record.markFiltered(filtered, processing: sepia))
        XCTAssertEqual(record.state, .new)
        XCTAssertNil(record.image)
        record.markDownloaded(original)
        record.markFiltered(filtered, processing: sepia)
        XCTAssertFalse(record.markFiltered(original, processing: sepia), "already filtered")
        XCTAssertFalse(record.markDownloaded(original), "a late original must not replace the filtered photo")
        XCTAssertEqual(record.image, filtered)
    }

    func testFailedIsAcceptedFromAnyStateAndKeepsTheImage() {
        var fresh = newRecord()
        XCTAssertTrue(fresh.markFailed(.processing("HTTP 404")))
        XCTAssertEqual(fresh.failureText, "Failed to load: HTTP 404")

        var downloaded = newRecord()
        downloaded.markDownloaded(original)
        XCTAssertTrue(downloaded.markFailed(.processing("cancelled filter")))
        XCTAssertEqual(downloaded.image, original)

        var filteredRecord = newRecord()
        filteredRecord.markDownloaded(original)
        filteredRecord.markFiltered(filtered, processing: sepia)
        XCTAssertTrue(filteredRecord.markFailed(.processing("disk full")))
        XCTAssertFalse(filteredRecord.markFailed(.processing("disk full")), "same failure again changes nothing")
        XCTAssertTrue(filteredRecord.markFailed(.processing("other")))
    }

    func testResetSendsAFailedRowBackToNew() {
        var record = newRecord()
        XCTAssertFalse(record.reset(), "only a failed row can be retried")
        record.markDownloaded(original)
        XCTAssertFalse(record.reset())
        record.markFailed(.processing("timed out"))
        XCTAssertTrue(record.reset())
        XCTAssertEqual(record.state, .new)
        XCTAssertNil(record.image)
        XCTAssertTrue(record.markDownloaded(original), "the retry can proceed")
    }

    /// A failure trying again repeats is not retried: the same bytes, a server's final answer.
    func testOnlyAFailureTryingAgainMayMendCanBeRetried() {
        var record = newRecord()
        XCTAssertFalse(record.canRetry, "only a failed row")
        record.markFailed(.decoding(.truncated(format: .jpeg)))
        XCTAssertFalse(record.canRetry)
        XCTAssertFalse(record.reset(), "the same bytes would fail the same way")
        record.markFailed(.download(.status(code: 404, reason: "Not Found", retryAfter: nil)))
        XCTAssertFalse(record.canRetry)
        XCTAssertFalse(record.reset())
        record.markFailed(.download(.status(code: 503, reason: "Service Unavailable", retryAfter: nil)))
        XCTAssertTrue(record.canRetry)
        XCTAssertTrue(record.reset())
        XCTAssertEqual(record.state, .new)
    }
}
