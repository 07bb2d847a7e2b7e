import SepiaTerminal
import XCTest

/// Text from outside made safe for a terminal: every control character a terminal acts on is
/// shown as U+FFFD, and long text is cut.
final class TerminalSafeTextTests: XCTestCase {
    func testEscapeSequencesLoseTheirEscapes() {
        XCTAssertEqual(TerminalSafeText.make("a\u{1B}]52;c;c2VjcmV0\u{07}b"), "a\u{FFFD}]52;c;c2VjcmV0\u{FFFD}b", "OSC 52")
        XCTAssertEqual(TerminalSafeText.make("\u{1B}]0;title\u{1B}\\"), "\u{FFFD}]0;title\u{FFFD}\\", "OSC 0 ended by ST")
        XCTAssertEqual(TerminalSafeText.make("\u{1B}[2J\u{9B}31m"), "\u{FFFD}[2J\u{FFFD}31m", "CSI, in 7 and 8 bits")
        XCTAssertEqual(TerminalSafeText.make("line\nfake\r\ttab\u{7F}\u{0}"), "line\u{FFFD}fake\u{FFFD}\u{FFFD}tab\u{FFFD}\u{FFFD}")
    }

    func testBidirectionalControlsAreShownAndOtherTextIsKept() {
        let controls: [Unicode.Scalar] = [
            "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
            "\u{2068}", "\u{2069}",
        ]
        for control in controls {
            XCTAssertEqual(TerminalSafeText.make("a\(control)b"), "a\u{FFFD}b", String(control.value, radix: 16))
        }
        for kept in ["Big Fella", "Ünïcødé 🌅", "e\u{301}", "عربي", "漢字", "\u{200B}zero", "👩‍👩‍👧"] {
            XCTAssertEqual(TerminalSafeText.make(kept), kept)
        }
    }

    func testLongTextIsCutWithAnEllipsis() {
        XCTAssertEqual(TerminalSafeText.make(String(repeating: "a", count: 10), maximumLength: 10), String(repeating: "a", count: 10))
        XCTAssertEqual(TerminalSafeText.make(String(repeating: "a", count: 11), maximumLength: 10), String(repeating: "a", count: 9) + "…")
        XCTAssertEqual(TerminalSafeText.make(String(repeating: "é", count: 11), maximumLength: 10), String(repeating: "é", count: 9) + "…")
        XCTAssertEqual(TerminalSafeText.make(String(repeating: "x", count: 5_000)).count, TerminalSafeText.defaultMaximumLength)
    }
}
