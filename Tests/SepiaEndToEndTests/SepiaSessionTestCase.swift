import Foundation
import SepiaTestSupport
import XCTest

/// The base of the end-to-end tests: each test starts `sepia` in a tmux server of its own,
/// killed afterwards whatever happened, and checks how `sepia` left the terminal.
///
/// A test fails (never skips) when tmux or the `sepia` binary is missing: they are looked up
/// when the test starts `sepia`, so the error is the test's own.
class SepiaSessionTestCase: XCTestCase {
    /// The tmux session the test drives, once ``startSepia(_:environment:)`` has run.
    private(set) var session: TmuxSession!

    override func tearDown() {
        session?.shutDown()
        session = nil
        super.tearDown()
    }

    /// Starts `sepia` with `arguments` in a new session, with `environment` added to its own.
    func startSepia(_ arguments: [String], environment: [String: String] = [:]) throws {
        let sepia = try EndToEndTools.sepia()
        session = TmuxSession(tmux: try TmuxSession.findTmux())
        try session.start([sepia.path] + arguments, environment: environment)
    }

    /// The shell's prompt as a captured line shows it (without its trailing space).
    static let prompt = TmuxSession.shellPrompt.trimmingCharacters(in: .whitespaces)

    /// Starts an interactive shell in a new session and types the command that runs `sepia`
    /// with `arguments` there, as a job of the shell's (for Ctrl-Z, `fg` and `bg`).
    func startSepiaInShell(_ arguments: [String]) throws {
        let sepia = try EndToEndTools.sepia()
        session = TmuxSession(tmux: try TmuxSession.findTmux())
        try session.startShell()
        try session.waitForScreen("the shell's prompt") { $0.statusBar.hasPrefix(Self.prompt) }
        try session.type(([sepia.path] + arguments).map(TmuxSession.shellQuoted).joined(separator: " "))
    }

    /// After `sepia` quit in the shell of ``startSepiaInShell(_:)``: has the shell print its exit
    /// status, then checks it and the terminal as ``assertExits(withStatus:file:line:)`` does.
    func assertExitsInShell(withStatus expected: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        try session.waitForScreen("the shell's prompt after sepia") { $0.statusBar.hasPrefix(Self.prompt) }
        // The marker is split in the typed line, so that only the printed one reads as a status.
        let marker = TmuxSession.exitMarker
        let split = marker.index(marker.startIndex, offsetBy: marker.count / 2)
        try session.type("echo \"\(marker[..<split])\"\"\(marker[split...])$?\"")
        try assertExits(withStatus: expected, file: file, line: line)
    }

    /// Waits for `sepia` to end, then checks its exit status and that it restored the
    /// terminal: the alternate screen off, the cursor shown, its screen gone.
    func assertExits(withStatus expected: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let status = try session.waitForExit()
        XCTAssertEqual(status, expected, "sepia's exit status", file: file, line: line)
        let modes = try session.modes()
        XCTAssertFalse(modes.alternateScreen, "the alternate screen is still on after sepia ended", file: file, line: line)
        XCTAssertTrue(modes.cursorVisible, "the cursor is still hidden after sepia ended", file: file, line: line)
        let screen = try session.capture()
        XCTAssertNil(
            screen.rowPosition, "sepia's status bar is still on the screen after it ended:\n\(screen.text)", file: file, line: line)
    }
}
