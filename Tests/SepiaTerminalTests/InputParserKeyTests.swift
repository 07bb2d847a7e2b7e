import SepiaTerminal
import XCTest

final class InputParserKeyTests: XCTestCase {
    /// Every key the parser knows, with the bytes terminals send for it.
    private let keySequences: [(input: String, key: Key)] = [
        ("a", .character("a")), ("Z", .character("Z")), (" ", .character(" ")), ("~", .character("~")),
        ("é", .character("é")), ("漢", .character("漢")), ("😀", .character("😀")),
        ("\r", .enter), ("\n", .enter), ("\u{7F}", .backspace), ("\u{08}", .backspace), ("\t", .tab),
        ("\u{01}", .control("a")), ("\u{03}", .control("c")), ("\u{11}", .control("q")), ("\u{1A}", .control("z")),
        ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .down), ("\u{1B}[1;3C", .right), ("\u{1B}[1;6D", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
        ("\u{1B}[5;5~", .pageUp), ("\u{1B}[3;2~", .delete),
        ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
        ("\u{1B}[1;2P", .function(1)), ("\u{1B}[1;5S", .function(4)),
        ("\u{1B}[11~", .function(1)), ("\u{1B}[12~", .function(2)), ("\u{1B}[13~", .function(3)),
        ("\u{1B}[14~", .function(4)), ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)),
        ("\u{1B}[18~", .function(7)), ("\u{1B}[19~", .function(8)), ("\u{1B}[20~", .function(9)),
        ("\u{1B}[21~", .function(10)), ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)),
        ("\u{1B}[15;2~", .function(5)),
    ]

    func testEveryKeyInOneFeed() {
        for (input, key) in keySequences {
            XCTAssertEqual(InputParser.events(bytes(input)), [.key(key)], "input \(readable(bytes(input)))")
        }
    }

    func testEveryKeyByteByByte() {
        for (input, key) in keySequences {
            XCTAssertEqual(InputParser.eventsByteByByte(bytes(input)), [.key(key)], "input \(readable(bytes(input)))")
        }
    }

    func testAllKeysInOneStreamSplitAnywhere() {
        let stream = keySequences.flatMap { bytes($0.input) }
        let expected = keySequences.map { InputEvent.key($0.key) }
        XCTAssertEqual(InputParser.events(stream), expected)
        XCTAssertEqual(InputParser.eventsByteByByte(stream), expected)
        for split in 1..<stream.count {
            var parser = InputParser()
            let events = parser.feed(stream[..<split]) + parser.feed(stream[split...]) + parser.flushPending()
            XCTAssertEqual(events, expected, "split at byte \(split)")
        }
    }

    func testCtrlLettersThatShareBytesWithEditingKeysStayThoseKeys() {
        // Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M send BS, HT, LF and CR.
        XCTAssertEqual(InputParser.events([8, 9, 10, 13]), [.key(.backspace), .key(.tab), .key(.enter), .key(.enter)])
    }

    func testNulAndCtrlPunctuationAreDropped() {
        XCTAssertEqual(InputParser.events([0, 0x1C, 0x1D, 0x1E, 0x1F, UInt8(ascii: "x")]), [.key(.character("x"))])
    }

    func testAltLetterIsEscapeThenTheLetter() {
        XCTAssertEqual(InputParser.events(bytes("\u{1B}x")), [.key(.escape), .key(.character("x"))])
        XCTAssertEqual(InputParser.eventsByteByByte(bytes("\u{1B}x")), [.key(.escape), .key(.character("x"))])
    }

    func testTwoEscapesInARow() {
        var parser = InputParser()
        XCTAssertEqual(parser.feed([0x1B, 0x1B]), [.key(.escape)])
        XCTAssertTrue(parser.hasPendingEscape)
        XCTAssertEqual(parser.flushPending(), [.key(.escape)])
    }
}
