import SepiaImaging
import SepiaTerminal
import XCTest

/// Reading terminal answers out of input bytes.
final class TerminalAnswerParserTests: XCTestCase {
    /// The answers in `text`, read in one go, and the bytes that were no answer.
    private func parse(_ text: String) -> (answers: [TerminalAnswer], other: [UInt8]) {
        var parser = TerminalAnswerParser()
        let answers = parser.consume(bytes(text))
        parser.finish()
        return (answers, parser.otherInput)
    }

    func testKittyAnswersAreReadWithTheirIdAndMessage() {
        let parsed = parse(TerminalRecording.kitty035)
        XCTAssertEqual(
            parsed.answers,
            [
                .kittyGraphics(imageID: 31, message: "OK"), .kittyGraphics(imageID: 32, message: "OK"), .version("kitty(0.35.2)"),
                .windowPixels(PixelSize(width: 1848, height: 1056)), .cellPixels(PixelSize(width: 11, height: 22)),
                .deviceAttributes([62]),
            ])
        XCTAssertEqual(parsed.other, [])
    }

    func testSixelAnswersAreRead() {
        let parsed = parse(TerminalRecording.xtermVT340)
        XCTAssertEqual(
            parsed.answers,
            [
                .version("XTerm(390)"), .graphicsAttribute(item: 1, status: 0, values: [1024]),
                .graphicsAttribute(item: 2, status: 0, values: [1000, 1000]),
                .deviceAttributes([63, 1, 2, 3, 4, 6, 9, 15, 16, 22, 28, 29]),
            ])
    }

    func testAnErrorAnswerKeepsItsMessageAndExtraKeys() {
        let parsed = parse("\u{1B}_Gi=32,p=7;EINVAL:unknown key U\u{1B}\\")
        XCTAssertEqual(parsed.answers, [.kittyGraphics(imageID: 32, message: "EINVAL:unknown key U")])
    }

    func testAnswersSplitAtAnyByteAreReadTheSame() {
        let recording = bytes(TerminalRecording.kitty035 + TerminalRecording.xtermVT340)
        let whole = parse(TerminalRecording.kitty035 + TerminalRecording.xtermVT340).answers
        for cut in 1..<recording.count {
            for secondCut in [cut + 1, (cut + recording.count) / 2] where secondCut < recording.count {
                var parser = TerminalAnswerParser()
                let answers =
                    parser.consume(recording[..<cut]) + parser.consume(recording[cut..<secondCut])
                    + parser.consume(recording[secondCut...])
                XCTAssertEqual(answers, whole, "split at \(cut) and \(secondCut)")
                XCTAssertEqual(parser.otherInput, [], "split at \(cut) and \(secondCut)")
            }
        }
    }

    func testAnIncompleteAnswerWaitsForTheRest() {
        var parser = TerminalAnswerParser()
        XCTAssertEqual(parser.consume(bytes("\u{1B}_Gi=31;O")), [])
        XCTAssertEqual(parser.consume(bytes("K\u{1B}")), [])
        XCTAssertEqual(parser.consume(bytes("\\")), [.kittyGraphics(imageID: 31, message: "OK")])
    }

    func testKeysTypedAmongTheAnswersAreKeptApart() {
        let parsed = parse(
            "j\u{1B}_Gi=31;OK\u{1B}\\q\u{1B}[B" + "\u{1B}[<0;3;4M" + "\u{1B}P>|foot(1.13.1)\u{1B}\\\u{1B}x" + "\u{1B}[?62;4;22c" + "k")
        XCTAssertEqual(
            parsed.answers, [.kittyGraphics(imageID: 31, message: "OK"), .version("foot(1.13.1)"), .deviceAttributes([62, 4, 22])])
        XCTAssertEqual(readable(parsed.other), readable(bytes("jq\u{1B}[B\u{1B}[<0;3;4M\u{1B}xk")))
    }

    func testALoneEscapeAtTheEndIsAKeyOnceTheInputEnds() {
        var parser = TerminalAnswerParser()
        XCTAssertEqual(parser.consume(bytes("\u{1B}[?62;c\u{1B}")), [.deviceAttributes([62])])
        XCTAssertEqual(parser.otherInput, [])
        parser.finish()
        XCTAssertEqual(parser.otherInput, [0x1B])
    }

    func testAnUnendedStringIsTakenAsKeysPastTheLongestAnswer() {
        var parser = TerminalAnswerParser()
        let typed = "\u{1B}_" + String(repeating: "a", count: 2000)
        XCTAssertEqual(parser.consume(bytes(typed) + bytes("\u{1B}[?62;c")), [.deviceAttributes([62])])
        XCTAssertEqual(parser.otherInput, bytes(typed))
    }

    func testTerminalStringsNobodyAskedForAreDropped() {
        let parsed = parse("\u{1B}P1$r0m\u{1B}\\\u{1B}_Xsomething\u{1B}\\\u{1B}[?62;c")
        XCTAssertEqual(parsed.answers, [.deviceAttributes([62])])
        XCTAssertEqual(parsed.other, [])
    }

    func testWindowReportsOtherThanPixelSizesAreNotAnswers() {
        let parsed = parse("\u{1B}[8;24;80t\u{1B}[4;1;2;3t")
        XCTAssertEqual(parsed.answers, [])
        XCTAssertEqual(readable(parsed.other), readable(bytes("\u{1B}[8;24;80t\u{1B}[4;1;2;3t")))
    }
}
