import SepiaTerminal
import XCTest

final class ScreenBufferTests: XCTestCase {
    private func rowText(_ buffer: ScreenBuffer, _ row: Int) -> [String] {
        (0..<buffer.size.columns).map { buffer[row, $0].text }
    }

    func testStartsBlank() {
        let buffer = ScreenBuffer(size: TerminalSize(columns: 3, rows: 2))
        XCTAssertEqual(buffer.size, TerminalSize(columns: 3, rows: 2))
        XCTAssertEqual(rowText(buffer, 1), [" ", " ", " "])
        XCTAssertEqual(buffer[1, 2], .blank)
    }

    func testWriteClipsAtTheRightEdge() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 5, rows: 1))
        let style = CellStyle(foreground: .indexed(3), bold: true)
        XCTAssertEqual(buffer.write("hello world", row: 0, column: 2, style: style), 3)
        XCTAssertEqual(rowText(buffer, 0), [" ", " ", "h", "e", "l"])
        XCTAssertEqual(buffer[0, 2].style, style)
        XCTAssertEqual(buffer[0, 1].style, CellStyle())
    }

    func testWriteStopsAtMaxWidth() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 6, rows: 1))
        XCTAssertEqual(buffer.write("hello", row: 0, column: 1, maxWidth: 2), 2)
        XCTAssertEqual(rowText(buffer, 0), [" ", "h", "e", " ", " ", " "])
        XCTAssertEqual(buffer.write("hello", row: 0, column: 0, maxWidth: 0), 0)
    }

    func testWriteOutsideTheGridDoesNothing() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 3, rows: 1))
        XCTAssertEqual(buffer.write("x", row: 1, column: 0), 0)
        XCTAssertEqual(buffer.write("x", row: -1, column: 0), 0)
        XCTAssertEqual(buffer.write("x", row: 0, column: 3), 0)
        XCTAssertEqual(buffer.write("x", row: 0, column: -1), 0)
        XCTAssertEqual(buffer, ScreenBuffer(size: TerminalSize(columns: 3, rows: 1)))
    }

    func testControlCharactersBecomeReplacementCharacters() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 6, rows: 1))
        XCTAssertEqual(buffer.write("a\tb\n\u{1B}c", row: 0, column: 0), 6)
        XCTAssertEqual(rowText(buffer, 0), ["a", "\u{FFFD}", "b", "\u{FFFD}", "\u{FFFD}", "c"])
    }

    /// A right-to-left override in a row's name would reorder the text after it: it shows.
    func testBidirectionalControlsBecomeReplacementCharacters() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 5, rows: 1))
        XCTAssertEqual(buffer.write("a\u{202E}b\u{2066}c", row: 0, column: 0), 5)
        XCTAssertEqual(rowText(buffer, 0), ["a", "\u{FFFD}", "b", "\u{FFFD}", "c"])
    }

    func testCombiningMarksStayWithTheirLetterAndZeroWidthCharactersAreLeftOut() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 4, rows: 1))
        XCTAssertEqual(buffer.write("e\u{301}\u{200B}x", row: 0, column: 0), 2)
        XCTAssertEqual(rowText(buffer, 0), ["e\u{301}", "x", " ", " "])
    }

    func testWideCharactersTakeTwoCells() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 7, rows: 1))
        XCTAssertEqual(buffer.write("漢字😀a", row: 0, column: 0), 7)
        XCTAssertEqual(rowText(buffer, 0), ["漢", "", "字", "", "😀", "", "a"])
        XCTAssertTrue(buffer[0, 1].isContinuation)
    }

    /// Symbols in the emoji blocks that are not emoji-presentation take one column, as
    /// terminals draw them (EastAsianWidth N); with U+FE0F they become two-column emoji.
    func testNarrowSymbolsInTheEmojiBlocksTakeOneCell() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 8, rows: 1))
        XCTAssertEqual(buffer.write("\u{1F5A5}\u{1F321}a\u{1F5A5}\u{FE0F}", row: 0, column: 0), 5)
        XCTAssertEqual(rowText(buffer, 0), ["\u{1F5A5}", "\u{1F321}", "a", "\u{1F5A5}\u{FE0F}", "", " ", " ", " "])
    }

    func testWideCharacterThatDoesNotFitStopsTheWrite() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 4, rows: 1))
        XCTAssertEqual(buffer.write("a漢字", row: 0, column: 0), 3)
        XCTAssertEqual(rowText(buffer, 0), ["a", "漢", "", " "])
        XCTAssertEqual(buffer.write("漢", row: 0, column: 3), 0)
        XCTAssertEqual(buffer.write("ab漢", row: 0, column: 0, maxWidth: 3), 2)
    }

    func testOverwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 4, rows: 1))
        let style = CellStyle(background: .indexed(4))
        buffer.write("漢字", row: 0, column: 0, style: style)
        buffer.write("x", row: 0, column: 1)
        XCTAssertEqual(rowText(buffer, 0), [" ", "x", "字", ""])
        XCTAssertEqual(buffer[0, 0].style, style, "the blanked half keeps its style")
        buffer.write("y", row: 0, column: 2)
        XCTAssertEqual(rowText(buffer, 0), [" ", "x", "y", " "])
        buffer.write("漢", row: 0, column: 0)
        buffer.write("字", row: 0, column: 1)
        XCTAssertEqual(rowText(buffer, 0), [" ", "字", "", " "])
    }

    func testSubscriptOutsideTheGrid() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 2, rows: 2))
        buffer[5, 0] = Cell(text: "x")
        buffer[0, -1] = Cell(text: "x")
        XCTAssertEqual(buffer, ScreenBuffer(size: TerminalSize(columns: 2, rows: 2)))
        XCTAssertEqual(buffer[-1, 0], .blank)
        XCTAssertEqual(buffer[0, 2], .blank)
        buffer[1, 1] = Cell(text: "z")
        XCTAssertEqual(buffer[1, 1].text, "z")
    }

    func testFillIsClipped() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 4, rows: 3))
        let cell = Cell(text: "#", style: CellStyle(inverse: true))
        buffer.fill(row: 1, column: 2, width: 5, height: 5, with: cell)
        buffer.fill(row: -1, column: -1, width: 2, height: 2, with: cell)
        XCTAssertEqual(rowText(buffer, 0), ["#", " ", " ", " "])
        XCTAssertEqual(rowText(buffer, 1), [" ", " ", "#", "#"])
        XCTAssertEqual(rowText(buffer, 2), [" ", " ", "#", "#"])
        XCTAssertEqual(buffer[2, 3], cell)
    }

    func testFillEntirelyOutsideTheGridDoesNothing() {
        var buffer = ScreenBuffer(size: TerminalSize(columns: 4, rows: 3))
        let blank = buffer
        let cell = Cell(text: "#")
        buffer.fill(row: 5, column: 0, width: 4, height: 2, with: cell)
        buffer.fill(row: 0, column: 9, width: 2, height: 2, with: cell)
        buffer.fill(row: -5, column: -5, width: 2, height: 2, with: cell)
        buffer.fill(row: 0, column: 0, width: -3, height: 2, with: cell)
        XCTAssertEqual(buffer, blank)
    }
}
