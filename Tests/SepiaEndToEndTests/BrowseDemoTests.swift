import Foundation
import SepiaTestSupport
import XCTest

/// `sepia demo` browsed as a user would, in a 120×40 terminal with 24-bit colour: rows and
/// thumbnails appear, the broken entries say why they failed, the keys and the mouse wheel
/// scroll, a photo opens large, the help and the queue panel come and go, and `q` quits
/// leaving the terminal as it was.
final class BrowseDemoTests: SepiaSessionTestCase {
    /// The demo's good photos; small ones, the debug build generates big ones slowly.
    private static let photoCount = 60
    /// The entries the demo server breaks on purpose, with a word each reason must hold.
    private static let brokenRows: [(name: String, reason: String)] = [
        ("Broken: corrupt JPEG", "JPEG"),
        ("Broken: HTML page", "HTML"),
        ("Broken: no URL", "URL"),
        ("Broken: not found", "404"),
        ("Broken: slow", "timed out"),
        ("Broken: truncated", "connection"),
    ]
    private static let rowCount = photoCount + brokenRows.count

    /// A download timeout that a good photo meets even on a loaded machine with six
    /// downloads at once (a debug-built server takes about 0.3 s a photo per core), and a
    /// slow entry that answers well after it.
    private static let arguments = [
        "demo", "--photo-size", "320x240", "--count", "\(photoCount)",
        "--timeout", "\(3 * timeScale)", "--slow-delay", "\(6 * timeScale)", "--graphics", "blocks",
    ]

    /// 5 under the thread sanitizer, 1 otherwise. `scripts/test` runs this suite under TSan
    /// too, and then the `sepia` beside this bundle is TSan-built as well: its demo server
    /// takes about 1.1 s a photo (3 times the debug build's) and the sixth of six concurrent
    /// downloads answered after 6.9 s, so good photos timed out at 3 s.
    private static let timeScale = dlsym(nil, "__tsan_init") == nil ? 1 : 5

    func testBrowsingTheDemo() throws {
        try startSepia(Self.arguments, environment: ["COLORTERM": "truecolor"])
        let first = try session.waitForScreen("the rows, the first one selected") {
            $0.rowPosition == PaneSnapshot.RowPosition(row: 1, count: Self.rowCount) && !$0.listRows.isEmpty
        }
        checkFirstScreen(first)
        try checkThumbnails()
        try checkBrokenRows()
        try checkKeyboardScrolling()
        try checkMouseWheel()
        try checkOpeningAPhoto()
        try checkHelp()
        try checkQueuePanel()

        try session.press("q")
        try assertExits(withStatus: 0)
    }

    // MARK: Steps

    private func checkFirstScreen(_ screen: PaneSnapshot) {
        XCTAssertTrue(screen.title.contains("\(Self.photoCount) photos, \(Self.brokenRows.count) broken on purpose"), screen.title)
        let names = screen.rowNames
        XCTAssertGreaterThan(names.count, 5, "a 40-line terminal shows more rows:\n\(screen.text)")
        XCTAssertEqual(screen.listRows.filter(\.isSelected).map(\.name), [names.first].compactMap { $0 }, "only the first row is selected")
        XCTAssertTrue(Self.isInNaturalOrder(names), "rows not sorted by name: \(names)")
    }

    /// The characters of quadrant mosaics (half blocks and quadrants, U+2580–U+259F), which
    /// tmux's terminal gets (it names itself `tmux`, not a terminal that draws sextants).
    private static let quadrantSymbols = Set("▀▄▌▐▖▗▘▙▚▛▜▝▞▟")

    /// Thumbnails are drawn as quadrant mosaics in 24-bit foreground and background colours.
    private func checkThumbnails() throws {
        try session.waitForColoredScreen("a thumbnail in 24-bit colour") { screen in
            screen.split(separator: "\n").contains { line in
                line.contains { Self.quadrantSymbols.contains($0) } && line.contains("\u{1B}[48;2;")
            }
        }
    }

    /// Each broken entry fails with its reason, on a row of its own.
    private func checkBrokenRows() throws {
        for (name, reason) in Self.brokenRows {
            try scrollTo(rowNamed: name)
            try session.waitForScreen("\(name) to show \"Failed to load: …\(reason)…\"") { screen in
                guard let state = screen.row(named: name)?.state else { return false }
                return state.hasPrefix("Failed to load: ") && state.contains(reason)
            }
        }
    }

    /// j moves the selection down a row, and scrolls one row once it leaves the screen; PgDn
    /// moves the screen and the selection a page, PgUp back; G selects the last row.
    private func checkKeyboardScrolling() throws {
        let page = try goToFirstRow().rowNames

        try session.press("j")
        let moved = try waitForRow(2)
        XCTAssertEqual(moved.rowNames, page, "j scrolled the list")
        XCTAssertEqual(moved.selectedIndex, 1, "j did not move the marker to the second row")

        try session.press("PageDown")
        let next = try waitForRow(2 + page.count)
        XCTAssertEqual(next.selectedIndex, 1, "PgDn did not keep the selection's place on screen")
        XCTAssertTrue(Set(next.rowNames).isDisjoint(with: page), "PgDn did not show the next page: \(next.rowNames)")
        if let last = page.last, let following = next.rowNames.first {
            XCTAssertTrue(Self.isInNaturalOrder([last, following]), "the page after \(last) starts at \(following)")
        }

        try session.press("PageUp")
        let back = try waitForRow(2)
        XCTAssertEqual(back.rowNames, page, "PgUp did not come back to the first page")

        for _ in 1..<page.count { try session.press("j") }
        let scrolled = try waitForRow(page.count + 1)
        XCTAssertEqual(scrolled.rowNames.first, page.dropFirst().first, "j off the bottom did not scroll one row")
        XCTAssertEqual(scrolled.selectedIndex, page.count - 1, "j off the bottom did not keep the selection on the last row")

        try session.press("G")
        let end = try waitForRow(Self.rowCount)
        XCTAssertEqual(end.selectedIndex, end.listRows.count - 1, "G did not select the last row on screen")
        XCTAssertTrue(Set(end.rowNames).isDisjoint(with: page), "G did not scroll to the end")
    }

    /// One notch of the wheel (SGR mouse reports) scrolls the list one row.
    ///
    /// The waits look for the whole list of names: a capture can catch a frame half drawn.
    private func checkMouseWheel() throws {
        let names = try goToFirstRow().rowNames
        guard names.count > 1 else { throw EndToEndError("One row on screen cannot show a wheel scroll.") }
        try session.send(bytes: "\u{1B}[<65;40;10M")
        try session.waitForScreen("one notch down to scroll one row, to start at \(names[1])") {
            $0.rowNames.first != names.first && $0.rowNames.starts(with: names.dropFirst())
        }

        try session.send(bytes: "\u{1B}[<64;40;10M")
        try session.waitForScreen("one notch up to scroll back to \(names[0])") { $0.rowNames == names }
    }

    /// Enter opens the selected photo (the first filtered one on screen) large with a
    /// caption; Esc comes back to the list.
    private func checkOpeningAPhoto() throws {
        try goToFirstRow()
        let list = try session.waitForScreen("a filtered photo on the first page") { $0.listRows.contains { $0.state.hasPrefix("✓") } }
        let index = try XCTUnwrap(list.listRows.firstIndex { $0.state.hasPrefix("✓") })
        let name = list.rowNames[index]
        for _ in 0..<index { try session.press("j") }
        try waitForRow(index + 1)

        try session.press("Enter")
        let detail = try session.waitForScreen("the caption of \(name)") { $0.contains("(Esc: back)") }
        let caption = detail.lines.first { $0.contains("(Esc: back)") } ?? ""
        XCTAssertTrue(caption.contains("\(name) — ✓"), "the caption does not name \(name) and its state: \(caption)")
        try session.waitForColoredScreen("the photo drawn large, in 24-bit colour") { screen in
            screen.split(separator: "\n").contains {
                $0.contains("\u{1B}[48;2;") && $0.filter { Self.quadrantSymbols.contains($0) }.count >= 40
            }
        }

        try session.press("Escape")
        try session.waitForScreen("Esc to come back to the same rows") { !$0.contains("(Esc: back)") && $0.rowNames == list.rowNames }
    }

    /// ? shows the keys; Esc hides them and leaves the list running.
    private func checkHelp() throws {
        let rows = try session.capture().rowNames
        try session.press("?")
        try session.waitForScreen("the help box, down to how to quit") { $0.contains("─ Keys ") && $0.contains("quit") }

        try session.press("Escape")
        try session.waitForScreen("Esc to hide the help and leave the list") { !$0.contains("─ Keys ") && $0.rowNames == rows }
    }

    /// o shows the queue panel and hides it again.
    private func checkQueuePanel() throws {
        try session.press("o")
        try session.waitForScreen("the queue panel with the download queue") {
            $0.contains("─ Queues ") && $0.contains("Download queue (active)")
        }

        try session.press("o")
        try session.waitForScreen("o to hide the queue panel") { !$0.contains("─ Queues ") && $0.rowPosition != nil }
    }

    // MARK: Moving around

    @discardableResult
    private func goToFirstRow() throws -> PaneSnapshot {
        try session.press("g")
        return try waitForRow(1)
    }

    /// Waits for the status bar to show `row` selected; the frame is complete by then, the
    /// status bar is drawn last.
    @discardableResult
    private func waitForRow(_ row: Int) throws -> PaneSnapshot {
        let position = PaneSnapshot.RowPosition(row: row, count: Self.rowCount)
        return try session.waitForScreen("\(position) in the status bar") { $0.rowPosition == position }
    }

    /// Pages down from the top until the row named `name` is on screen.
    private func scrollTo(rowNamed name: String) throws {
        var screen = try goToFirstRow()
        while screen.row(named: name) == nil {
            guard let position = screen.rowPosition, position.row < position.count else {
                throw EndToEndError("No row named \(name) from the top to the end of the list.")
            }
            try session.press("PageDown")
            screen = try session.waitForScreen("a page down from \(position)") { ($0.rowPosition?.row ?? 0) > position.row }
        }
    }

    /// Whether `names` are in the browser's order: case-insensitive, numbers by value.
    private static func isInNaturalOrder(_ names: [String]) -> Bool {
        zip(names, names.dropFirst()).allSatisfy { $0.compare($1, options: [.caseInsensitive, .numeric]) == .orderedAscending }
    }
}
