import Foundation
import XCTest
@testable import SepiaPipeline

/// Each download of a URL keeps its own progress; bytes are tallied as they arrive.
final class DownloadProgressBoardTests: XCTestCase {
    private let url = URL(string: "http://127.0.0.1/p.jpg")!

    func testAnOldDownloadEndingLeavesTheNewOnesProgress() {
        let board = DownloadProgressBoard(countsBytesPerURL: true)
        let old = board.begin(url)
        board.update(old, received: 100, expected: 1000)
        let new = board.begin(url)
        XCTAssertNil(board.progress(for: url), "the new download has received nothing yet")
        board.update(new, received: 300, expected: 1000)
        board.end(old)
        XCTAssertEqual(board.progress(for: url), DownloadProgress(received: 300, expected: 1000))
        XCTAssertEqual(board.bytesReceived(for: url), 400, "both downloads' bytes, each counted once")
        board.update(new, received: 1000, expected: 1000)
        board.end(new)
        XCTAssertNil(board.progress(for: url))
        XCTAssertEqual(board.bytesReceived(for: url), 1100)
    }

    func testARetryStartingAgainKeepsWhatTheFailedAttemptReceived() {
        let board = DownloadProgressBoard(countsBytesPerURL: true)
        let flight = board.begin(url)
        board.update(flight, received: 600, expected: 1000)
        board.update(flight, received: 0, expected: nil)  // the retry's first report
        board.update(flight, received: 1000, expected: 1000)
        board.end(flight)
        XCTAssertEqual(board.bytesReceived(for: url), 1600)
    }

    /// By default the board keeps no entry per URL once downloads end: a browser that
    /// scrolls past a million rows must not keep a million tallies.
    func testByDefaultOnlyTheTotalIsKeptOnceDownloadsEnd() {
        let board = DownloadProgressBoard()
        for index in 0..<100 {
            let url = URL(string: "http://127.0.0.1/\(index).jpg")!
            let flight = board.begin(url)
            board.update(flight, received: 10, expected: 10)
            board.end(flight)
            XCTAssertNil(board.bytesReceived(for: url))
        }
        XCTAssertEqual(board.totalBytesReceived, 1000)
        XCTAssertEqual(board.entryCount, 0, "nothing is kept per URL or per download")
    }
}
