import SepiaTerminal
import XCTest

final class InputParserFramingTests: XCTestCase {
    func testLoneEscapeWaitsForTheFlush() {
        var parser = InputParser()
        XCTAssertEqual(parser.feed([0x1B]), [])
        XCTAssertTrue(parser.hasPendingEscape)
        XCTAssertEqual(parser.flushPending(), [.key(.escape)])
        XCTAssertFalse(parser.hasPendingEscape)
        XCTAssertEqual(parser.flushPending(), [])
    }

    func testEscapeBracketWaitsForMore() {
        var parser = InputParser()
        XCTAssertEqual(parser.feed(bytes("\u{1B}[")), [])
        XCTAssertTrue(parser.hasPendingEscape)
        XCTAssertEqual(parser.feed(bytes("1;5")), [])
        XCTAssertTrue(parser.hasPendingEscape)
        XCTAssertEqual(parser.feed(bytes("A")), [.key(.up)])
        XCTAssertFalse(parser.hasPendingEscape)
    }

    func testCutOffSequenceFlushesAsEscapeWithoutStrayCharacters() {
        var parser = InputParser()
        XCTAssertEqual(parser.feed(bytes("\u{1B}[1;")), [])
        XCTAssertEqual(parser.flushPending(), [.key(.escape)])
        XCTAssertEqual(parser.feed(bytes("q")), [.key(.character("q"))])
    }

    func testUnknownControlSequencesAreSkippedWhole() {
        let input = bytes("a\u{1B}[?1;2c\u{1B}[200~\u{1B}[I\u{1B}[99;1u\u{1B}[1 q\u{1B}[Z\u{1B}[<1;2;3xb")
        let expected: [InputEvent] = [.key(.character("a")), .key(.character("b"))]
        XCTAssertEqual(InputParser.events(input), expected)
        XCTAssertEqual(InputParser.eventsByteByByte(input), expected)
    }

    func testUnknownSS3IsSkipped() {
        XCTAssertEqual(InputParser.events(bytes("\u{1B}Oz!")), [.key(.character("!"))])
    }

    func testLegacyX10MouseReportIsSkipped() {
        XCTAssertEqual(InputParser.events(bytes("\u{1B}[M !!k")), [.key(.character("k"))])
        XCTAssertEqual(InputParser.eventsByteByByte(bytes("\u{1B}[M !!k")), [.key(.character("k"))])
    }

    func testControlSequenceCutByAControlCharacterIsDroppedAndTheCharacterKept() {
        XCTAssertEqual(InputParser.events(bytes("\u{1B}[12\rx")), [.key(.enter), .key(.character("x"))])
    }

    func testOverlongControlSequenceIsDroppedWhole() {
        let input = bytes("\u{1B}[" + String(repeating: "1", count: 200) + "Ax")
        XCTAssertEqual(InputParser.events(input), [.key(.character("x"))])
    }

    func testOverlongControlSequenceSplitAcrossReadsIsDroppedWhole() {
        var parser = InputParser()
        XCTAssertEqual(parser.feed(bytes("\u{1B}[" + String(repeating: "2", count: 100))), [])
        XCTAssertEqual(parser.feed(bytes(String(repeating: ";", count: 50))), [])
        XCTAssertEqual(parser.feed(bytes("~j")), [.key(.character("j"))])
        XCTAssertEqual(parser.feed(bytes("\u{1B}[A")), [.key(.up)], "the next sequence is read as usual")
    }

    func testHugeParametersDoNotOverflow() {
        XCTAssertEqual(InputParser.events(bytes("\u{1B}[99999999999999999999999;5A")), [.key(.up)])
        XCTAssertEqual(InputParser.events(bytes("\u{1B}[<0;99999999999999999999;1M")).count, 1)
    }

    func testUTF8SplitAcrossFeeds() {
        let text = "añ€😀"
        let input = bytes(text)
        let expected = text.map { InputEvent.key(.character($0)) }
        var parser = InputParser()
        XCTAssertEqual(parser.feed(input[..<2]), [.key(.character("a"))])  // "a" and half of "ñ"
        XCTAssertFalse(parser.hasPendingEscape)
        XCTAssertEqual(parser.feed(input[2..<5]), [.key(.character("ñ"))])  // the rest of "ñ", 2/3 of "€"
        XCTAssertEqual(parser.feed(input[5...]), [.key(.character("€")), .key(.character("😀"))])
        XCTAssertEqual(InputParser.eventsByteByByte(input), expected)
    }

    func testMalformedUTF8IsDroppedAndTheRestRead() {
        // A stray continuation byte, a lead byte followed by ASCII, an overlong encoding.
        let input: [UInt8] = [0x80, UInt8(ascii: "a"), 0xE2, UInt8(ascii: "b"), 0xC0, 0xAF, UInt8(ascii: "c")]
        let expected: [InputEvent] = [.key(.character("a")), .key(.character("b")), .key(.character("c"))]
        XCTAssertEqual(InputParser.events(input), expected)
        XCTAssertEqual(InputParser.eventsByteByByte(input), expected)
    }

    func testUnfinishedUTF8IsDroppedByTheFlush() {
        var parser = InputParser()
        XCTAssertEqual(parser.feed([0xE2, 0x82]), [])
        XCTAssertFalse(parser.hasPendingEscape)
        XCTAssertEqual(parser.flushPending(), [])
        XCTAssertEqual(parser.feed(bytes("x")), [.key(.character("x"))])
    }
}
