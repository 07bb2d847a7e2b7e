import SepiaTerminal
import XCTest

/// Which graphics mode `auto` becomes, and why.
final class GraphicsChoiceTests: XCTestCase {
    /// The choice for `auto` in a terminal that answered `recording` (outside tmux unless
    /// `environment` says otherwise).
    private func choice(_ recording: String, environment: [String: String] = [:]) -> GraphicsChoice {
        let probe = TerminalProbe(environment: environment, grid: TerminalSize(columns: 80, rows: 24))
        var parser = TerminalAnswerParser()
        return GraphicsChoice.choose(asked: .auto, capabilities: probe.capabilities(from: parser.consume(bytes(recording))))
    }

    private let tmux = ["TMUX": "/tmp/tmux-1000/default,4242,0"]

    func testModesAreNamedAsOnTheCommandLine() {
        XCTAssertEqual(
            GraphicsMode.allCases.map(\.rawValue), ["auto", "kitty", "kitty-placeholders", "sixel", "iterm", "blocks", "none"])
        XCTAssertEqual(GraphicsMode(rawValue: "kitty-placeholders"), .kittyPlaceholders)
    }

    func testTheChoiceTable() {
        let table: [(String, String, [String: String], GraphicsMode)] = [
            ("kitty 0.35", TerminalRecording.kitty035, [:], .kittyPlaceholders),
            ("kitty 0.26", TerminalRecording.kitty026, [:], .kitty),
            ("WezTerm", TerminalRecording.wezTerm, [:], .kitty),
            ("xterm as VT340", TerminalRecording.xtermVT340, [:], .sixel),
            ("foot", TerminalRecording.foot, [:], .sixel),
            ("iTerm2 by its environment", TerminalRecording.onlyDeviceAttributes, ["TERM_PROGRAM": "iTerm.app"], .iterm),
            ("iTerm2 by XTVERSION", "\u{1B}P>|iTerm2 3.5.4\u{1B}\\\u{1B}[?62;4c", [:], .iterm),
            ("only DA1", TerminalRecording.onlyDeviceAttributes, [:], .blocks),
            ("nothing at all", "", [:], .blocks),
            ("kitty 0.35 in tmux", "\u{1B}[?1;2c" + TerminalRecording.kitty035, tmux, .kittyPlaceholders),
            ("kitty 0.26 in tmux", "\u{1B}[?1;2c" + TerminalRecording.kitty026, tmux, .blocks),
            ("iTerm2 in tmux", "\u{1B}[?1;2c\u{1B}P>|iTerm2 3.5.4\u{1B}\\\u{1B}[?62;4c", tmux, .blocks),
            ("foot in tmux", "\u{1B}[?1;2c" + TerminalRecording.foot, tmux, .blocks),
            ("foot in tmux with sixel", "\u{1B}[?1;2;4c" + TerminalRecording.foot, tmux, .sixel),
            ("tmux without passthrough", "\u{1B}[?1;2c", tmux, .blocks),
            ("tmux with sixel, without passthrough", "\u{1B}[?1;2;4c", tmux, .sixel),
        ]
        for (name, recording, environment, expected) in table {
            XCTAssertEqual(choice(recording, environment: environment).mode, expected, name)
        }
    }

    func testReasonsSayWhatAnsweredAndWho() {
        XCTAssertEqual(
            choice(TerminalRecording.xtermVT340).reason, "sixel: the terminal answered DA1 with attribute 4 (XTerm(390))")
        XCTAssertEqual(
            choice(TerminalRecording.kitty035).reason,
            "kitty-placeholders: the terminal answered the kitty graphics query with U=1 (kitty(0.35.2))")
        XCTAssertEqual(
            choice(TerminalRecording.kitty026).reason,
            "kitty: the terminal answered the kitty graphics query, without Unicode placeholders (kitty(0.26.5))")
        XCTAssertEqual(
            choice(TerminalRecording.onlyDeviceAttributes, environment: ["LC_TERMINAL": "iTerm2"]).reason,
            "iterm: LC_TERMINAL=iTerm2 shows iTerm2 inline images")
        XCTAssertEqual(choice(TerminalRecording.onlyDeviceAttributes).reason, "blocks: no graphics protocol answered")
        XCTAssertEqual(choice("\u{1B}[?1;2;4c", environment: tmux).reason, "sixel: tmux answered DA1 with attribute 4")
    }

    func testInsideTmuxWithoutPassthroughTheReasonNamesTheOption() {
        let chosen = choice("\u{1B}[?1;2c", environment: tmux)
        XCTAssertEqual(chosen.mode, .blocks)
        XCTAssertTrue(chosen.reason.contains("set -g allow-passthrough on"), chosen.reason)
    }

    func testAModeAskedForIsKept() {
        var everything = TerminalCapabilities()
        everything.kittyPlaceholders = true
        everything.kittyGraphics = true
        everything.sixel = true
        for mode in GraphicsMode.allCases where mode != .auto {
            for capabilities in [TerminalCapabilities(), everything] {
                XCTAssertEqual(
                    GraphicsChoice.choose(asked: mode, capabilities: capabilities),
                    GraphicsChoice(mode: mode, reason: "\(mode.rawValue): asked for with --graphics"))
            }
        }
    }
}
