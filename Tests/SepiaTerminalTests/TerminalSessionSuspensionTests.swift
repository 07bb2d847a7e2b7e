import CSepiaTerminal
import Foundation
import SepiaTerminal
import XCTest

/// Ctrl-Z and `fg`: `suspend()` gives the terminal back as `restore()` does, `resume()` takes
/// it again as `start` did.
final class TerminalSessionSuspensionTests: XCTestCase {
    private let enter = SessionSequences.enter + SessionSequences.enableMouse
    private let leave = SessionSequences.leave

    func testSuspendGivesTheTerminalBackAndDropsWrites() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        defer { session.restore() }
        _ = terminal.read(count: bytes(enter).count)

        session.suspend()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(leave)))
        XCTAssertSameSettings(terminal.settings, original)
        XCTAssertFalse(session.isActive)
        session.write(bytes("frame"))
        session.suspend()
        XCTAssertEqual(terminal.readAvailable(), [], "nothing is drawn on the shell's screen, and suspending twice is harmless")
    }

    func testResumeTakesTheTerminalAgainAsStartDid() throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        defer { session.restore() }
        _ = terminal.read(count: bytes(enter).count)
        let raw = terminal.settings
        session.suspend()
        _ = terminal.readAvailable()

        session.resume()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(enter)), "alternate screen, hidden cursor, mouse reports")
        XCTAssertSameSettings(terminal.settings, raw)
        XCTAssertTrue(session.isActive)
        session.write(bytes("frame"))
        XCTAssertEqual(readable(terminal.readAvailable()), "frame")
    }

    func testResumeWithoutMouseAsksForNoMouseReports() throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave, mouse: false)
        defer { session.restore() }
        session.suspend()
        _ = terminal.readAvailable()
        session.resume()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(SessionSequences.enter)))
    }

    /// A stop the session did not ask for (SIGSTOP from elsewhere): the shell put its own
    /// settings back meanwhile, and `resume()` on SIGCONT makes the terminal raw again.
    func testResumeWithoutSuspendPutsRawModeBack() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        defer { session.restore() }
        let raw = terminal.settings
        _ = terminal.readAvailable()
        var shellSettings = original
        XCTAssertEqual(tcsetattr(terminal.slave, TCSANOW, &shellSettings), 0)

        session.resume()
        XCTAssertSameSettings(terminal.settings, raw)
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(enter)))
    }

    func testTheCrashRestoreIsOffWhileSuspendedAndOnAgainAfterResume() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        defer { session.restore() }
        session.suspend()
        _ = terminal.readAvailable()
        sepia_terminal_crash_restore_now()
        XCTAssertEqual(terminal.readAvailable(), [], "a crash while stopped leaves the shell's screen alone")

        session.resume()
        _ = terminal.readAvailable()
        sepia_terminal_crash_restore_now()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(leave)), "a crash after fg restores the terminal")
        XCTAssertSameSettings(terminal.settings, original)
    }

    func testRestoreWhileSuspendedWritesNothingAndResumeAfterRestoreDoesNothing() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        session.suspend()
        _ = terminal.readAvailable()

        session.restore()
        XCTAssertEqual(terminal.readAvailable(), [], "the terminal was already given back")
        session.resume()
        XCTAssertEqual(terminal.readAvailable(), [])
        XCTAssertSameSettings(terminal.settings, original)
        XCTAssertFalse(session.isActive)
    }
}
