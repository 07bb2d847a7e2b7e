import Foundation
import XCTest

@testable import SepiaPipeline

/// Bytes are tallied as they arrive, each download of a URL counting its own.
final class DownloadByteTallyTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1/p.jpg")!

    func testTwoDownloadsOfOneURLCountTheirBytesApart() {
        let tally = DownloadByteTally(countsBytesPerURL: true)
        let old = tally.begin(url)
        tally.update(old, received: 100)
        let new = tally.begin(url)
        tally.update(new, received: 300)
        tally.end(old)
        XCTAssertEqual(tally.bytesReceived(for: url), 400, "both downloads' bytes, each counted once")
        tally.update(new, received: 1000)
        tally.end(new)
        XCTAssertEqual(tally.bytesReceived(for: url), 1100)
        XCTAssertEqual(tally.totalBytesReceived, 1100)
    }

    func testARetryStartingAgainKeepsWhatTheFailedAttemptReceived() {
        let tally = DownloadByteTally(countsBytesPerURL: true)
        let flight = tally.begin(url)
        tally.update(flight, received: 600)
        tally.update(flight, received: 0)  // the retry's first report
        tally.update(flight, received: 1000)
        tally.end(flight)
        XCTAssertEqual(tally.bytesReceived(for: url), 1600)
    }

    /// By default the tally keeps no entry per URL once downloads end: a browser that
    /// scrolls past a million rows must not keep a million tallies.
    func testByDefaultOnlyTheTotalIsKeptOnceDownloadsEnd() {
        let tally = DownloadByteTally()
        for index in 0..<100 {
            let url = URL(string: "http://127.0.0.1/\(index).jpg")!
            let flight = tally.begin(url)
            tally.update(flight, received: 10)
            tally.end(flight)
            XCTAssertNil(tally.bytesReceived(for: url))
        }
        XCTAssertEqual(tally.totalBytesReceived, 1000)
        XCTAssertEqual(tally.entryCount, 0, "nothing is kept per URL or per download")
    }
}
