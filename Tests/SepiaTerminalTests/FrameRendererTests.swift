import SepiaTerminal
import XCTest

final class FrameRendererTests: XCTestCase {
    private let size = TerminalSize(columns: 4, rows: 3)
    private let syncOn = "\u{1B}[?2026h"
    private let syncOff = "\u{1B}[?2026l"
    private let red = CellStyle(foreground: .rgb(RGB(255, 0, 0)))

    private func assertBytes(_ output: [UInt8], _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(readable(output), readable(bytes(expected)), file: file, line: line)
    }

    /// A renderer without synchronized output that has drawn a blank screen, so the next
    /// frame is an ordinary one.
    private func rendererAfterABlankFrame() -> FrameRenderer {
        var renderer = FrameRenderer(colorMode: .trueColor, synchronizedOutput: false)
        _ = renderer.render(ScreenBuffer(size: size))
        return renderer
    }

    func testFirstFrameClearsOnceAndDrawsOnlyWhatIsNotBlank() {
        var renderer = FrameRenderer(colorMode: .trueColor)
        var frame = ScreenBuffer(size: size)
        frame.write("ab", row: 0, column: 0)
        frame.write("c", row: 2, column: 3)
        assertBytes(renderer.render(frame), syncOn + "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab\u{1B}[3;4Hc\u{1B}[0m" + syncOff)
    }

    func testIdenticalFrameGivesNothing() {
        var renderer = FrameRenderer(colorMode: .trueColor)
        var frame = ScreenBuffer(size: size)
        frame.write("ab", row: 0, column: 0)
        _ = renderer.render(frame)
        XCTAssertEqual(renderer.render(frame), [])
        XCTAssertEqual(renderer.render(frame), [])
    }

    func testOneChangedCellSendsOnlyItsMoveStyleAndText() {
        var renderer = FrameRenderer(colorMode: .trueColor)
        var frame = ScreenBuffer(size: size)
        frame.write("ab", row: 0, column: 0)
        _ = renderer.render(frame)
        frame[1, 2] = Cell(text: "x", style: red)
        assertBytes(renderer.render(frame), syncOn + "\u{1B}[2;3H\u{1B}[0;38;2;255;0;0mx\u{1B}[0m" + syncOff)
    }

    func testStyleRunsSendTheirSGROnceAndAdjacentCellsNeedNoMove() {
        var renderer = rendererAfterABlankFrame()
        var frame = ScreenBuffer(size: size)
        let blue = CellStyle(foreground: .indexed(12), background: .rgb(RGB(1, 2, 3)), bold: true, underline: true)
        frame.write("re", row: 1, column: 0, style: red)
        frame.write("bl", row: 1, column: 2, style: blue)
        assertBytes(
            renderer.render(frame),
            "\u{1B}[2;1H\u{1B}[0;38;2;255;0;0mre\u{1B}[0;1;4;38;5;12;48;2;1;2;3mbl\u{1B}[0m"
        )
    }

    func testAttributesAndDefaultStyleAfterAStyledCell() {
        var renderer = rendererAfterABlankFrame()
        var frame = ScreenBuffer(size: size)
        frame.write("d", row: 0, column: 0, style: CellStyle(dim: true, inverse: true))
        frame.write("p", row: 0, column: 1)
        assertBytes(renderer.render(frame), "\u{1B}[1;1H\u{1B}[0;2;7md\u{1B}[0mp\u{1B}[0m")
    }

    func testCursorMovesOnlyAcrossUnchangedCells() {
        var renderer = FrameRenderer(colorMode: .trueColor, synchronizedOutput: false)
        var frame = ScreenBuffer(size: size)
        frame.write("abcd", row: 0, column: 0)
        _ = renderer.render(frame)
        frame.write("X", row: 0, column: 1)
        frame.write("Y", row: 0, column: 3)
        frame.write("Z", row: 1, column: 0)
        // After the last column the cursor waits to wrap, so row 1 needs a move too.
        assertBytes(renderer.render(frame), "\u{1B}[1;2HX\u{1B}[1;4HY\u{1B}[2;1HZ\u{1B}[0m")
    }

    func testWideCharacterAdvancesTheCursorByTwo() {
        var renderer = rendererAfterABlankFrame()
        var frame = ScreenBuffer(size: size)
        frame.write("漢x", row: 2, column: 0)
        assertBytes(renderer.render(frame), "\u{1B}[3;1H漢x\u{1B}[0m")
        frame.write("ab", row: 2, column: 0)
        // "a" replaces the left half; the right half turns into "b".
        assertBytes(renderer.render(frame), "\u{1B}[3;1Hab\u{1B}[0m")
    }

    func testSynchronizedOutputCanBeOff() {
        var renderer = FrameRenderer(colorMode: .trueColor, synchronizedOutput: false)
        var frame = ScreenBuffer(size: size)
        frame.write("a", row: 0, column: 0)
        assertBytes(renderer.render(frame), "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Ha\u{1B}[0m")
    }

    func testSizeChangeRepaintsEverything() {
        var renderer = FrameRenderer(colorMode: .trueColor)
        var frame = ScreenBuffer(size: size)
        frame.write("ab", row: 0, column: 0)
        _ = renderer.render(frame)
        var larger = ScreenBuffer(size: TerminalSize(columns: 5, rows: 3))
        larger.write("ab", row: 0, column: 0)
        assertBytes(renderer.render(larger), syncOn + "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab\u{1B}[0m" + syncOff)
        XCTAssertEqual(renderer.render(larger), [])
    }

    func testInvalidateRepaintsEverythingOnce() {
        var renderer = FrameRenderer(colorMode: .trueColor, synchronizedOutput: false)
        var frame = ScreenBuffer(size: size)
        frame.write("q", row: 1, column: 1)
        _ = renderer.render(frame)
        renderer.invalidate()
        assertBytes(renderer.render(frame), "\u{1B}[0m\u{1B}[2J\u{1B}[2;2Hq\u{1B}[0m")
        XCTAssertEqual(renderer.render(frame), [])
    }

    func testOrdinaryFramesNeverClear() {
        var renderer = FrameRenderer(colorMode: .trueColor)
        var frame = ScreenBuffer(size: size)
        _ = renderer.render(frame)
        for step in 0..<12 {
            frame.fill(row: 0, column: 0, width: 4, height: 3, with: Cell(text: "\(step % 10)"))
            XCTAssertFalse(readable(renderer.render(frame)).contains("␛[2J"))
        }
    }

    func testIndexed256MapsToTheNearestPaletteEntry() {
        // Cube levels 0, 95, 135, 175, 215, 255; grey ramp 8 + 10k at 232 + k.
        let cases: [(RGB, Int)] = [
            (RGB(255, 0, 0), 196),  // cube (5, 0, 0), exact
            (RGB(128, 128, 128), 244),  // grey 128 exactly; the cube's nearest is 135 (102)
            (RGB(95, 135, 175), 67),  // cube (1, 2, 3), exact
            (RGB(0, 0, 0), 16),  // cube black beats grey 8
            (RGB(238, 238, 238), 255),  // last grey step, exact
            (RGB(250, 250, 250), 231),  // cube white (25·3) beats grey 238 (144·3)
            (RGB(100, 140, 20), 64),  // cube (1, 2, 0) = (95, 135, 0)
        ]
        for (color, index) in cases {
            var renderer = FrameRenderer(colorMode: .indexed256, synchronizedOutput: false)
            var frame = ScreenBuffer(size: TerminalSize(columns: 1, rows: 1))
            frame[0, 0] = Cell(text: "x", style: CellStyle(foreground: .rgb(color), background: .rgb(color)))
            assertBytes(renderer.render(frame), "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[0;38;5;\(index);48;5;\(index)mx\u{1B}[0m")
        }
    }
}
