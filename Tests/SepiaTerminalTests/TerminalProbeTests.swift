import SepiaImaging
import SepiaTerminal
import XCTest

/// The probe's query bytes and what recorded answers tell.
final class TerminalProbeTests: XCTestCase {
    private let grid = TerminalSize(columns: 120, rows: 48)

    /// What `recording` says to a probe outside tmux, for a `grid`-cell terminal.
    private func capabilities(
        _ recording: String, environment: [String: String] = [:], systemWindowPixels: PixelSize? = nil
    ) -> TerminalCapabilities {
        let probe = TerminalProbe(environment: environment, grid: grid, systemWindowPixels: systemWindowPixels)
        var parser = TerminalAnswerParser()
        return probe.capabilities(from: parser.consume(bytes(recording)))
    }

    // MARK: Queries

    func testTheQueryAsksEverythingInOneGoWithDeviceAttributesLast() {
        let query = TerminalProbe(environment: ["TERM": "xterm-kitty"], grid: grid).query
        XCTAssertEqual(
            readable(query),
            readable(
                bytes(
                    "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}_Gi=32,s=1,v=1,a=q,t=d,f=24,U=1;AAAA\u{1B}\\"
                        + "\u{1B}[>0q" + "\u{1B}[14t" + "\u{1B}[16t" + "\u{1B}[?1;1;0S" + "\u{1B}[?2;4;0S" + "\u{1B}[c")))
        XCTAssertEqual(TerminalProbe(environment: [:], grid: grid).expectedDeviceAttributes, 1)
    }

    func testInsideTmuxTheTerminalsQueriesGoThroughPassthroughAfterTmuxsOwn() {
        let probe = TerminalProbe(environment: ["TMUX": "/tmp/tmux-1000/default,4242,0"], grid: grid)
        XCTAssertEqual(
            readable(probe.query),
            readable(
                bytes(
                    "\u{1B}[?1;1;0S\u{1B}[?2;4;0S\u{1B}[c" + "\u{1B}Ptmux;" + "\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\"
                        + "\u{1B}\u{1B}_Gi=32,s=1,v=1,a=q,t=d,f=24,U=1;AAAA\u{1B}\u{1B}\\"
                        + "\u{1B}\u{1B}[>0q\u{1B}\u{1B}[14t\u{1B}\u{1B}[16t"
                        + "\u{1B}\u{1B}[c" + "\u{1B}\\")))
        XCTAssertEqual(probe.expectedDeviceAttributes, 2)
    }

    func testTmuxPassthroughDoublesEveryEscape() {
        XCTAssertEqual(
            readable(TmuxPassthrough.wrap(bytes("\u{1B}_Ga=d\u{1B}\\x\u{1B}\u{1B}"))),
            readable(bytes("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\x\u{1B}\u{1B}\u{1B}\u{1B}\u{1B}\\")))
        XCTAssertEqual(TmuxPassthrough.wrap([]), bytes("\u{1B}Ptmux;\u{1B}\\"))
    }

    // MARK: Terminals

    func testKitty026HasTheGraphicsProtocolButNoPlaceholders() {
        var expected = TerminalCapabilities()
        expected.kittyGraphics = true
        expected.terminal = TerminalIdentity(versionReport: "kitty(0.26.5)")
        expected.windowPixels = PixelSize(width: 1280, height: 960)
        expected.cellPixels = PixelSize(width: 10, height: 20)
        expected.cellPixelsSource = .cellSizeReport
        XCTAssertEqual(capabilities(TerminalRecording.kitty026), expected)
        XCTAssertEqual(expected.terminal?.name, "kitty")
        XCTAssertEqual(expected.terminal?.version, "0.26.5")
    }

    func testKitty035HasPlaceholders() {
        let kitty = capabilities(TerminalRecording.kitty035)
        XCTAssertTrue(kitty.kittyGraphics)
        XCTAssertTrue(kitty.kittyPlaceholders)
        XCTAssertFalse(kitty.sixel)
        XCTAssertEqual(kitty.cellPixels, PixelSize(width: 11, height: 22))
    }

    func testXtermAsVT340HasSixelAndTakesItsCellSizeFromTheSystem() {
        var expected = TerminalCapabilities()
        expected.sixel = true
        expected.sixelColorRegisters = 1024
        expected.largestSixel = PixelSize(width: 1000, height: 1000)
        expected.terminal = TerminalIdentity(versionReport: "XTerm(390)")
        expected.cellPixels = PixelSize(width: 8, height: 17)
        expected.cellPixelsSource = .systemWindowSize
        XCTAssertEqual(
            capabilities(TerminalRecording.xtermVT340, systemWindowPixels: PixelSize(width: 960 + 5, height: 816 + 3)), expected)
    }

    func testFootHasSixelWithItsLimits() {
        let foot = capabilities(TerminalRecording.foot)
        XCTAssertTrue(foot.sixel)
        XCTAssertFalse(foot.kittyGraphics)
        XCTAssertEqual(foot.sixelColorRegisters, 1024)
        XCTAssertEqual(foot.largestSixel, PixelSize(width: 10000, height: 10000))
        XCTAssertEqual(foot.terminal?.name, "foot")
        XCTAssertEqual(foot.cellPixels, PixelSize(width: 10, height: 18))
        XCTAssertNil(foot.inlineImages)
    }

    func testWezTermHasKittyGraphicsSixelAndInlineImages() {
        let wezTerm = capabilities(TerminalRecording.wezTerm)
        XCTAssertTrue(wezTerm.kittyGraphics)
        XCTAssertFalse(wezTerm.kittyPlaceholders)
        XCTAssertTrue(wezTerm.sixel)
        XCTAssertNil(wezTerm.sixelColorRegisters)
        XCTAssertEqual(wezTerm.terminal?.name, "WezTerm")
        XCTAssertEqual(wezTerm.terminal?.version, "20240203-110809-5046fc22")
        XCTAssertEqual(wezTerm.inlineImages, .versionReport(TerminalIdentity(versionReport: "WezTerm 20240203-110809-5046fc22")))
    }

    func testATerminalThatOnlyAnswersDeviceAttributesHasNothingAndTheFallbackCellSize() {
        XCTAssertEqual(capabilities(TerminalRecording.onlyDeviceAttributes), TerminalCapabilities())
        XCTAssertEqual(TerminalCapabilities().cellPixels, PixelSize(width: 10, height: 20))
        XCTAssertEqual(TerminalCapabilities().cellPixelsSource, .fallback)
    }

    func testAnErrorAnswerIsNoSupport() {
        let answered = capabilities(
            "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;EINVAL:unknown key U\u{1B}\\\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[?62;c")
        XCTAssertTrue(answered.kittyGraphics)
        XCTAssertFalse(answered.kittyPlaceholders)
    }

    func testTheWindowSizeDividedByTheGridGivesTheCellSizeWhenTheCellIsNotReported() {
        let answered = capabilities("\u{1B}[4;1008;1210t\u{1B}[6;0;0t\u{1B}[?62;c", systemWindowPixels: PixelSize(width: 1, height: 1))
        XCTAssertEqual(answered.windowPixels, PixelSize(width: 1210, height: 1008))
        XCTAssertEqual(answered.cellPixels, PixelSize(width: 10, height: 21))
        XCTAssertEqual(answered.cellPixelsSource, .windowSizeReport)
    }

    /// A cell of thousands of pixels is no font's: it would make thumbnails of gigabytes, so the
    /// answer is passed over for the next source, here the fallback.
    func testAnImplausibleCellSizeIsPassedOver() {
        let huge = capabilities("\u{1B}[6;5000;5000t\u{1B}[4;99999;99999t\u{1B}[?62;c")
        XCTAssertEqual(huge.cellPixels, TerminalCapabilities.fallbackCellPixels)
        XCTAssertEqual(huge.cellPixelsSource, .fallback)
        XCTAssertNil(TerminalCapabilities.cell(ofWindow: PixelSize(width: 640, height: 408), grid: TerminalSize(columns: 0, rows: 24)))
        XCTAssertEqual(
            TerminalCapabilities.cell(ofWindow: PixelSize(width: 644, height: 412), grid: TerminalSize(columns: 80, rows: 24)),
            PixelSize(width: 8, height: 17))
    }

    func testAFailedGraphicsAttributeAnswerIsIgnored() {
        let answered = capabilities("\u{1B}[?1;3;0S\u{1B}[?2;1;0S\u{1B}[?62;4c")
        XCTAssertTrue(answered.sixel)
        XCTAssertNil(answered.sixelColorRegisters)
        XCTAssertNil(answered.largestSixel)
    }

    func testTheDeviceClassIsNoAttribute() {
        XCTAssertFalse(capabilities("\u{1B}[?4;1c").sixel)
    }

    func testTheEnvironmentNamesInlineImageTerminals() {
        XCTAssertEqual(
            capabilities(TerminalRecording.onlyDeviceAttributes, environment: ["TERM_PROGRAM": "iTerm.app"]).inlineImages,
            .environment(variable: "TERM_PROGRAM", value: "iTerm.app"))
        XCTAssertEqual(
            capabilities(TerminalRecording.onlyDeviceAttributes, environment: ["LC_TERMINAL": "iTerm2"]).inlineImages,
            .environment(variable: "LC_TERMINAL", value: "iTerm2"))
        XCTAssertEqual(
            capabilities(TerminalRecording.onlyDeviceAttributes, environment: ["TERM_PROGRAM": "mintty"]).inlineImages?.description,
            "TERM_PROGRAM=mintty")
        XCTAssertNil(capabilities(TerminalRecording.onlyDeviceAttributes, environment: ["TERM_PROGRAM": "vscode"]).inlineImages)
    }

    func testVersionReportsOfEveryShapeAreRead() {
        let shapes: [(String, String, String?)] = [
            ("XTerm(390)", "XTerm", "390"), ("iTerm2 3.5.4", "iTerm2", "3.5.4"), ("tmux 3.3a", "tmux", "3.3a"), ("mlterm", "mlterm", nil),
        ]
        for (report, name, version) in shapes {
            let identity = TerminalIdentity(versionReport: report)
            XCTAssertEqual(identity.name, name, report)
            XCTAssertEqual(identity.version, version, report)
            XCTAssertEqual(identity.description, report)
        }
    }

    // MARK: tmux

    private let tmux = ["TMUX": "/tmp/tmux-1000/default,4242,0", "TERM_PROGRAM": "tmux"]

    func testInsideTmuxWithoutPassthroughOnlyTmuxAnswers() {
        let answered = capabilities("\u{1B}[?1;2c", environment: tmux, systemWindowPixels: PixelSize(width: 1200, height: 960))
        XCTAssertTrue(answered.insideTmux)
        XCTAssertFalse(answered.tmuxPassthrough)
        XCTAssertFalse(answered.sixel)
        XCTAssertEqual(answered.cellPixels, PixelSize(width: 10, height: 20))
        XCTAssertEqual(answered.cellPixelsSource, .systemWindowSize)
    }

    func testInsideTmuxTheAnswersAfterTmuxsOwnAreTheTerminals() {
        let answered = capabilities("\u{1B}[?1;2;4c" + TerminalRecording.kitty035, environment: tmux)
        XCTAssertTrue(answered.tmuxPassthrough)
        XCTAssertTrue(answered.sixel, "tmux's own DA1 says sixel")
        XCTAssertTrue(answered.kittyPlaceholders)
        XCTAssertEqual(answered.terminal?.name, "kitty")
        XCTAssertEqual(answered.cellPixelsSource, .cellSizeReport)
    }

    func testInsideTmuxTheOuterTerminalsSixelIsNotTmuxs() {
        let answered = capabilities("\u{1B}[?1;2c" + TerminalRecording.foot, environment: tmux)
        XCTAssertTrue(answered.tmuxPassthrough)
        XCTAssertFalse(answered.sixel)
    }

    func testInsideTmuxTheOuterWindowIsNotDividedByThePanesGrid() {
        let answered = capabilities("\u{1B}[?1;2c\u{1B}[4;1000;2000t\u{1B}[?62;c", environment: tmux)
        XCTAssertEqual(answered.windowPixels, PixelSize(width: 2000, height: 1000))
        XCTAssertEqual(answered.cellPixelsSource, .fallback)
    }
}

final class TmuxPassthroughEachTests: XCTestCase {
    func testEveryStringIsWrappedOnItsOwn() {
        let two = "\u{1B}_Ga=t;AA\u{1B}\\\u{1B}_Gm=0;BB\u{1B}\\"
        XCTAssertEqual(
            String(decoding: TmuxPassthrough.wrapEach(Array(two.utf8)), as: UTF8.self),
            "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t;AA\u{1B}\u{1B}\\\u{1B}\\" + "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;BB\u{1B}\u{1B}\\\u{1B}\\")
        XCTAssertEqual(TmuxPassthrough.wrapEach([]), [])
        XCTAssertEqual(String(decoding: TmuxPassthrough.wrapEach(Array("x".utf8)), as: UTF8.self), "\u{1B}Ptmux;x\u{1B}\\")
    }
}
