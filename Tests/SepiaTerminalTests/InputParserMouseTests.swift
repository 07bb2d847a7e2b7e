import SepiaTerminal
import XCTest

final class InputParserMouseTests: XCTestCase {
    private func mouse(_ sequence: String) -> [InputEvent] {
        let input = bytes(sequence)
        let events = InputParser.events(input)
        XCTAssertEqual(InputParser.eventsByteByByte(input), events, "byte by byte: \(readable(input))")
        return events
    }

    func testWheel() {
        XCTAssertEqual(mouse("\u{1B}[<64;10;5M"), [.mouse(MouseEvent(kind: .wheelUp, column: 9, row: 4))])
        XCTAssertEqual(mouse("\u{1B}[<65;1;1M"), [.mouse(MouseEvent(kind: .wheelDown, column: 0, row: 0))])
    }

    func testPressAndReleaseWithOneBasedCoordinatesMadeZeroBased() {
        XCTAssertEqual(mouse("\u{1B}[<0;3;7M"), [.mouse(MouseEvent(kind: .press(button: 0), column: 2, row: 6))])
        XCTAssertEqual(mouse("\u{1B}[<0;3;7m"), [.mouse(MouseEvent(kind: .release(button: 0), column: 2, row: 6))])
        XCTAssertEqual(mouse("\u{1B}[<2;120;40M"), [.mouse(MouseEvent(kind: .press(button: 2), column: 119, row: 39))])
        XCTAssertEqual(mouse("\u{1B}[<1;5;5m"), [.mouse(MouseEvent(kind: .release(button: 1), column: 4, row: 4))])
    }

    func testDragAndMove() {
        XCTAssertEqual(mouse("\u{1B}[<32;4;2M"), [.mouse(MouseEvent(kind: .drag(button: 0), column: 3, row: 1))])
        XCTAssertEqual(mouse("\u{1B}[<34;4;2M"), [.mouse(MouseEvent(kind: .drag(button: 2), column: 3, row: 1))])
        XCTAssertEqual(mouse("\u{1B}[<35;8;9M"), [.mouse(MouseEvent(kind: .move, column: 7, row: 8))])
    }

    func testModifiers() {
        // 4 Shift, 8 Alt, 16 Ctrl.
        XCTAssertEqual(
            mouse("\u{1B}[<20;1;1M"), [.mouse(MouseEvent(kind: .press(button: 0), column: 0, row: 0, modifiers: [.shift, .control]))])
        XCTAssertEqual(mouse("\u{1B}[<72;2;3M"), [.mouse(MouseEvent(kind: .wheelUp, column: 1, row: 2, modifiers: [.alt]))])
    }

    func testExtraButtons() {
        XCTAssertEqual(mouse("\u{1B}[<128;1;1M"), [.mouse(MouseEvent(kind: .press(button: 8), column: 0, row: 0))])
        XCTAssertEqual(mouse("\u{1B}[<129;1;1m"), [.mouse(MouseEvent(kind: .release(button: 9), column: 0, row: 0))])
    }

    func testHorizontalWheelAndMalformedReportsAreSkipped() {
        XCTAssertEqual(mouse("\u{1B}[<66;1;1M\u{1B}[<67;1;1M\u{1B}[<0;1M\u{1B}[<0;1;1;1Mq"), [.key(.character("q"))])
    }

    func testMouseBetweenKeys() {
        XCTAssertEqual(
            mouse("j\u{1B}[<65;2;2Mk"),
            [
                .key(.character("j")), .mouse(MouseEvent(kind: .wheelDown, column: 1, row: 1)), .key(.character("k")),
            ])
    }
}
