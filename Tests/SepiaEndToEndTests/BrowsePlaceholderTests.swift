import Foundation
import SepiaTestSupport
import XCTest

/// `sepia demo` browsed in tmux: a row whose manifest entry carries a placeholder shows it as
/// a picture while its photo is still on the way. The demo's slow entry answers only after ten
/// minutes, so its row shows its placeholder, downloading, for as long as the test looks.
final class BrowsePlaceholderTests: SepiaSessionTestCase {
    private static let slowRow = "Broken: slow"

    func testARowShowsItsPlaceholderBeforeItsPhotoArrives() throws {
        try startSepia(
            [
                "demo", "--photo-size", "160x120", "--count", "4", "--timeout", "600", "--slow-delay", "600",
                "--graphics", "blocks",
            ],
            environment: ["COLORTERM": "truecolor"])
        // The slow row downloads: its state line says so, and its thumbnail columns hold a
        // picture (24-bit colours), not the "░" pattern of a row with nothing to show.
        let screen = try session.waitForScreen("the slow row downloading, with a picture") { screen in
            guard let row = screen.row(named: Self.slowRow), row.state.contains("Downloading") else { return false }
            guard let top = screen.lines.firstIndex(where: { $0.dropFirst(PaneSnapshot.textColumn).hasPrefix(Self.slowRow) }) else {
                return false
            }
            return screen.lines[top..<(top + PaneSnapshot.rowHeight)].allSatisfy { !$0.prefix(PaneSnapshot.textColumn).contains("░") }
        }
        let top = try XCTUnwrap(screen.lines.firstIndex { $0.dropFirst(PaneSnapshot.textColumn).hasPrefix(Self.slowRow) })
        let colored = try session.waitForColoredScreen("the slow row's picture in 24-bit colour") { text in
            let lines = text.components(separatedBy: "\n")
            guard lines.count >= top + PaneSnapshot.rowHeight else { return false }
            return lines[top..<(top + PaneSnapshot.rowHeight)].allSatisfy { $0.contains("\u{1B}[48;2;") }
        }
        XCTAssertFalse(colored.isEmpty)
        let still = try session.capture()
        XCTAssertTrue(still.row(named: Self.slowRow)?.state.contains("Downloading") == true, "the photo has not arrived:\n\(still.text)")
        try session.press("q")
        try assertExits(withStatus: 0)
    }
}
