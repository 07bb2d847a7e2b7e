import Foundation
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
        session = TmuxSession(tmux: try EndToEndTools.tmux())
        try session.start([sepia.path] + arguments, environment: environment)
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
        XCTAssertNil(screen.rowPosition, "sepia's status bar is still on the screen after it ended:\n\(screen.text)", file: file, line: line)
    }
}
