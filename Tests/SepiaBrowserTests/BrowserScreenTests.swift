import Foundation
import SepiaImaging
import SepiaList
import SepiaOperations
import SepiaPipeline
import SepiaTerminal
import XCTest

@testable import SepiaBrowser

/// What the screen shows for a given frame, read back as text and colours.
final class BrowserScreenTests: XCTestCase {
    private let size = TerminalSize(columns: 100, rows: 22)

    private func record(_ name: String, _ state: PhotoState) -> PhotoRecord {
        var record = PhotoRecord(entry: PhotoEntry(name: name, location: .remote(URL(string: "http://127.0.0.1/\(name).jpg")!)))
        let image = RGBAImage(width: 8, height: 6, red: 200, green: 200, blue: 200)
        switch state {
        case .new: break
        case .downloaded: record.markDownloaded(image)
        case .filtered:
            record.markDownloaded(image)
            record.markFiltered(image, processing: PhotoProcessing())
        case .failed(let error): record.markFailed(error)
        }
        return record
    }

    private func frame(
        rows: [BrowserFrame.Row], source: PhotoListSourceState = .loaded,
        overlay: BrowserFrame.Overlay? = nil, queues: [StageCounters]? = nil
    ) -> BrowserFrame {
        BrowserFrame(
            layout: BrowserLayout(size: size), title: "Sepia test", source: source, rows: rows, firstRow: 10,
            rowCount: 40, counts: StateCounts(rows.map(\.record)), networkActive: true, scrollPhase: .scrolling,
            filterName: "sepia 0.8", detail: nil, overlay: overlay, queues: queues, spinner: "⠋",
            picturesNote: "sixel: the terminal answered DA1 with attribute 4 (XTerm(379))")
    }

    private func text(_ buffer: ScreenBuffer, line: Int) -> String {
        (0..<buffer.size.columns).map { buffer[line, $0].text }.joined()
    }

    private func screenText(_ buffer: ScreenBuffer) -> String {
        (0..<buffer.size.rows).map { text(buffer, line: $0) }.joined(separator: "\n")
    }

    private func screenText(_ screen: (cells: ScreenBuffer, pictures: [PlacedPicture])) -> String {
        screenText(screen.cells)
    }

    func testRowsShowNameStateProgressAndFailure() {
        let thumbnailCell = Cell(text: "▀", style: CellStyle(foreground: .rgb(RGB(1, 2, 3)), background: .rgb(RGB(4, 5, 6))))
        let thumbnail = Picture.cells([[thumbnailCell]])
        let rows = [
            BrowserFrame.Row(
                record: record("Misty Fjord 17", .new), isWorking: true,
                progress: DownloadProgress(received: 51_200, expected: 102_400), thumbnail: nil, isSelected: true),
            BrowserFrame.Row(
                record: record("Amber Bay 5", .filtered), isWorking: false, progress: nil,
                thumbnail: thumbnail, isSelected: false),
            BrowserFrame.Row(
                record: record("Broken: 404", .failed(.download(.status(code: 404, reason: "Not Found", retryAfter: nil)))),
                isWorking: false,
                progress: nil, thumbnail: nil, isSelected: false),
        ]
        let buffer = BrowserScreen.draw(frame(rows: rows)).cells
        XCTAssertTrue(text(buffer, line: 0).hasPrefix(" Sepia test"))
        XCTAssertTrue(text(buffer, line: 1).contains("Misty Fjord 17"))
        XCTAssertEqual(buffer[1, 0].text, "▌", "the selected row is marked")
        XCTAssertTrue(text(buffer, line: 2).contains("⠋ Downloading… 50% of 100 KB"), text(buffer, line: 2))
        XCTAssertTrue(text(buffer, line: 3).contains("[█████"), "a progress bar when the size is known")
        XCTAssertEqual(buffer[1, 2].text, "░", "a placeholder before the download")
        XCTAssertTrue(text(buffer, line: 6).contains("✓ sepia 0.8"))
        XCTAssertEqual(buffer[5, 2 + BrowserLayout.thumbnailColumns / 2], thumbnailCell, "the thumbnail is centred")
        XCTAssertTrue(text(buffer, line: 10).contains("Failed to load: HTTP 404 Not Found"))
        XCTAssertTrue(text(buffer, line: 11).trimmingCharacters(in: .whitespaces).hasSuffix("░"), "a short reason takes one line")
        let status = text(buffer, line: size.rows - 1)
        XCTAssertTrue(status.contains("Row 11/40 · 1 filtered · 0 downloaded · 1 failed · 1 new"), status)
        XCTAssertTrue(status.contains("⇣ network"))
        XCTAssertTrue(status.contains("⏸ scrolling"))
        XCTAssertTrue(status.hasSuffix("? help  q quit "), "the longest hints that fit: \(status)")
    }

    /// What the folders skipped is counted on the status line, which still fits 80 columns.
    func testTheStatusLineCountsSkippedEntries() {
        let rows = [
            BrowserFrame.Row(record: record("Amber Bay 5", .filtered), isWorking: false, progress: nil, thumbnail: nil, isSelected: true)
        ]
        var skipping = frame(rows: rows)
        skipping.layout = BrowserLayout(size: TerminalSize(columns: 80, rows: 22))
        skipping.networkActive = false
        skipping.scrollPhase = .idle
        let quiet = text(BrowserScreen.draw(skipping).cells, line: 21)
        XCTAssertFalse(quiet.contains("skipped"), "nothing skipped, nothing said: \(quiet)")
        skipping.skippedCount = 12
        let status = text(BrowserScreen.draw(skipping).cells, line: 21)
        XCTAssertTrue(status.hasPrefix(" Row 11/40 · 1 filtered · 0 downloaded · 0 failed · 0 new · 12 skipped "), status)
        skipping.source = .loading
        XCTAssertFalse(text(BrowserScreen.draw(skipping).cells, line: 21).contains("skipped"), "no count before the rows")
    }

    func testALongFailureReasonWrapsOntoTheRowsLines() {
        let reason = "The data is not a JPEG or PNG image; it looks like an HTML page (text/html), perhaps an error page from the server"
        let row = BrowserFrame.Row(
            record: record("Broken: HTML page", .failed(.processing(reason))), isWorking: false,
            progress: nil, thumbnail: nil, isSelected: false)
        let buffer = BrowserScreen.draw(frame(rows: [row])).cells
        let column = BrowserLayout(size: size).textColumn
        let shown = (2...4).map { text(buffer, line: $0).dropFirst(column).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(shown.filter { !$0.isEmpty }.joined(separator: " "), "Failed to load: " + reason)
        XCTAssertEqual(shown.filter(\.isEmpty).count, 1, "two lines of 83 columns hold it")
    }

    func testLoadingShowsASpinnerAndAFailureShowsTheAlert() {
        let loading = screenText(BrowserScreen.draw(frame(rows: [], source: .loading)))
        XCTAssertTrue(loading.contains("⠋ Loading photo details…"))
        XCTAssertTrue(loading.split(separator: "\n").last?.contains("Loading photo details…") == true, "the status line too")
        XCTAssertFalse(loading.contains("Row 0/0"))
        let failed = screenText(
            BrowserScreen.draw(
                frame(
                    rows: [], source: .failed(message: "HTTP 404 Not Found"), overlay: .alert(message: "HTTP 404 Not Found"))))
        XCTAssertTrue(failed.contains("Oops! There was an error fetching photo details."))
        XCTAssertTrue(failed.contains("HTTP 404 Not Found"))
        XCTAssertTrue(failed.contains("Enter: dismiss"))
    }

    func testTheQueuePanelShowsEachQueue() {
        let queues = [
            StageCounters(name: "Download queue", running: 3, waiting: 12, isSuspended: true, completed: 40, cancelled: 5),
            StageCounters(name: "Image Filtration queue", running: 2, waiting: 0, isSuspended: false, completed: 38, cancelled: 1),
        ]
        let screen = screenText(BrowserScreen.draw(frame(rows: [], queues: queues)))
        XCTAssertTrue(screen.contains("Download queue (suspended)"))
        XCTAssertTrue(screen.contains("running 3  waiting 12"))
        XCTAssertTrue(screen.contains("completed 40  cancelled 5"))
        XCTAssertTrue(screen.contains("Image Filtration queue (active)"))
    }

    func testHelpListsTheKeys() {
        let screen = screenText(BrowserScreen.draw(frame(rows: [], overlay: .help)))
        XCTAssertTrue(screen.contains("retry a failed photo that may load now"))
        XCTAssertTrue(screen.contains("quit"))
    }

    // MARK: Overlays fit their text

    private func overlaid(_ overlay: BrowserFrame.Overlay?, columns: Int, rows: Int) -> ScreenBuffer {
        let row = BrowserFrame.Row(
            record: record("Amber Bay 5", .filtered), isWorking: false, progress: nil, thumbnail: nil, isSelected: true)
        var sized = frame(rows: [row], overlay: overlay)
        sized.layout = BrowserLayout(size: TerminalSize(columns: columns, rows: rows))
        return BrowserScreen.draw(sized).cells
    }

    /// The panel's frame on `buffer`: from its top left corner to its bottom right one.
    private func panelFrame(_ buffer: ScreenBuffer) -> (lines: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        func find(_ corner: String) -> (Int, Int)? {
            for line in 0..<buffer.size.rows {
                for column in 0..<buffer.size.columns where buffer[line, column].text == corner { return (line, column) }
            }
            return nil
        }
        guard let top = find("┌"), let bottom = find("┘") else { return nil }
        return (top.0...bottom.0, top.1...bottom.1)
    }

    /// Checks that `overlay` changes nothing outside its frame, keeps its frame whole (no
    /// text over its edges), and returns the text inside, line by line.
    @discardableResult
    private func checkOverlayStaysInItsFrame(
        _ overlay: BrowserFrame.Overlay, columns: Int, rows: Int, file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        let under = overlaid(nil, columns: columns, rows: rows)
        let over = overlaid(overlay, columns: columns, rows: rows)
        guard let box = panelFrame(over) else {
            XCTFail("no frame at \(columns)x\(rows):\n\(screenText(over))", file: file, line: line)
            return []
        }
        for row in 0..<rows {
            for column in 0..<columns where !(box.lines.contains(row) && box.columns.contains(column)) {
                XCTAssertEqual(
                    over[row, column], under[row, column], "changed outside the frame at \(row), \(column)", file: file, line: line)
            }
        }
        for row in box.lines.dropFirst().dropLast() {
            XCTAssertEqual(over[row, box.columns.lowerBound].text, "│", "left edge, line \(row)", file: file, line: line)
            XCTAssertEqual(over[row, box.columns.upperBound].text, "│", "right edge, line \(row)", file: file, line: line)
        }
        return box.lines.dropFirst().dropLast().map { row in
            box.columns.dropFirst().dropLast().map { over[row, $0].text }.joined()
        }
    }

    /// The help ends with how pictures are drawn and why.
    func testTheHelpSaysHowPicturesAreDrawn() {
        let inside = checkOverlayStaysInItsFrame(.help, columns: 120, rows: 40).joined(separator: " ")
        XCTAssertTrue(inside.contains("Pictures: sixel: the terminal answered DA1"), inside)
    }

    /// Every help line is whole at 120 columns (it used to end "close the photo, help or al").
    func testOnAWideScreenEveryHelpLineIsWhole() {
        let inside = checkOverlayStaysInItsFrame(.help, columns: 120, rows: 40)
        for entry in HelpOverlay.entries {
            XCTAssertTrue(
                inside.contains { $0.contains(entry.keys) && $0.contains(entry.meaning) },
                "\(entry) on one line:\n\(inside.joined(separator: "\n"))")
        }
        XCTAssertFalse(inside.joined().contains("…"), "nothing left out")
    }

    /// Narrower, meanings wrap: every word is still there, in order.
    func testOnANarrowScreenHelpMeaningsWrap() {
        for columns in [50, 36, 24] {
            let inside = checkOverlayStaysInItsFrame(.help, columns: columns, rows: 60)
            let words = inside.joined(separator: " ").split(separator: " ")
            let note = "Pictures: sixel: the terminal answered DA1 with attribute 4 (XTerm(379))"
            let expected = HelpOverlay.entries.flatMap { ($0.keys + " " + $0.meaning).split(separator: " ") } + note.split(separator: " ")
            XCTAssertEqual(Set(words), Set(expected), "\(columns) columns:\n\(inside.joined(separator: "\n"))")
            XCTAssertFalse(inside.joined().contains("…"), "\(columns) columns: nothing left out")
        }
    }

    /// Too short for every line, the help shows what fits and says the rest is left out.
    func testOnATinyScreenHelpShowsWhatFitsAndSaysSo() {
        for (columns, rows) in [(40, 12), (20, 6), (30, 8)] {
            let inside = checkOverlayStaysInItsFrame(.help, columns: columns, rows: rows)
            XCTAssertTrue(inside.last?.contains("…") == true, "\(columns)x\(rows):\n\(inside.joined(separator: "\n"))")
            XCTAssertTrue(inside.first?.contains("j k") == true, "the first entry comes first")
        }
    }

    func testTheAlertSizesItselfToItsText() {
        let message = "The manifest at http://127.0.0.1:8080/photos.json answered HTTP 503 Service Unavailable after 3 tries"
        let wide = checkOverlayStaysInItsFrame(.alert(message: message), columns: 120, rows: 40)
        XCTAssertEqual(wide.first?.count, AlertOverlay.widest + 2, "as wide as its longest line allows")
        let text = wide.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(text.first, AlertOverlay.headline)
        XCTAssertEqual(text.dropFirst().dropLast().joined(separator: " "), message, "wrapped, not cut")
        XCTAssertEqual(text.last, AlertOverlay.hint)
        let short = checkOverlayStaysInItsFrame(.alert(message: "HTTP 404"), columns: 120, rows: 40)
        XCTAssertEqual(short.first?.count, AlertOverlay.headline.count + 2, "a short message: the headline sets the width")
        for (columns, rows) in [(40, 12), (20, 6)] {
            let inside = checkOverlayStaysInItsFrame(.alert(message: message), columns: columns, rows: rows)
            XCTAssertTrue(inside.last?.contains("…") == true, "\(columns)x\(rows):\n\(inside.joined(separator: "\n"))")
        }
    }

    /// The photo view says why there is no picture: none yet, being scaled, or pictures off.
    func testThePhotoViewSaysWhyItHasNoPicture() {
        func shown(_ detail: BrowserFrame.Detail) -> String {
            var withDetail = frame(rows: [])
            withDetail.detail = detail
            return screenText(BrowserScreen.draw(withDetail))
        }
        XCTAssertTrue(shown(BrowserFrame.Detail(record: record("a", .new), picture: nil)).contains("No picture yet"))
        XCTAssertTrue(shown(BrowserFrame.Detail(record: record("b", .filtered), picture: nil)).contains("Scaling"))
        let off = shown(BrowserFrame.Detail(record: record("c", .filtered), picture: nil, picturesOff: true))
        XCTAssertTrue(off.contains("Pictures are off"), off)
        XCTAssertFalse(off.contains("Scaling"))
    }

    func testARowLineMapsBackToItsRow() {
        let layout = BrowserLayout(size: size)
        XCTAssertEqual(layout.rowsPerPage, 5)
        XCTAssertNil(layout.visibleIndex(atLine: 0))
        XCTAssertEqual(layout.visibleIndex(atLine: 1), 0)
        XCTAssertEqual(layout.visibleIndex(atLine: 8), 1)
        XCTAssertNil(layout.visibleIndex(atLine: 21))
    }
}

/// Any terminal size, however small, draws without trapping.
final class TinyScreenTests: XCTestCase {
    func testEveryViewDrawsOnTinyTerminals() {
        var record = PhotoRecord(entry: PhotoEntry(name: "Photo", location: .remote(URL(string: "http://127.0.0.1/p.jpg")!)))
        record.markFailed(.download(.status(code: 404, reason: "Not Found", retryAfter: nil)))
        let picture = Picture.cells([[Cell](repeating: Cell(text: "▀"), count: 30)])
        for (columns, rows) in [(0, 0), (1, 1), (3, 3), (4, 4), (5, 3), (10, 2), (20, 3), (20, 6), (30, 5), (40, 6), (40, 12)] {
            let layout = BrowserLayout(size: TerminalSize(columns: columns, rows: rows))
            let row = BrowserFrame.Row(record: record, isWorking: false, progress: nil, thumbnail: picture, isSelected: true)
            for overlay: BrowserFrame.Overlay? in [nil, .help, .alert(message: "Cannot read the photo list")] {
                for detail: BrowserFrame.Detail? in [nil, BrowserFrame.Detail(record: record, picture: picture)] {
                    let frame = BrowserFrame(
                        layout: layout, title: "Sepia", source: .loaded, rows: [row], firstRow: 0, rowCount: 1,
                        counts: StateCounts([record]), networkActive: true, scrollPhase: .idle, filterName: "sepia 0.8",
                        detail: detail, overlay: overlay, queues: [], spinner: "⠋")
                    XCTAssertEqual(BrowserScreen.draw(frame).cells.size, TerminalSize(columns: columns, rows: rows))
                }
            }
        }
    }
}
