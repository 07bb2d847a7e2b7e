import CSepiaTerminal
import Foundation
import SepiaTerminal
import XCTest

final class TerminalSessionTests: XCTestCase {
    private let enter = SessionSequences.enter
    private let enableMouse = SessionSequences.enableMouse
    private let leave = SessionSequences.leave

    func testStartEntersRawModeAndTheAlternateScreen() throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        defer { session.restore() }
        XCTAssertEqual(readable(terminal.read(count: bytes(enter + enableMouse).count)), readable(bytes(enter + enableMouse)))

        let raw = terminal.settings
        XCTAssertEqual(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN), 0, "no echo, line editing or signal keys")
        XCTAssertEqual(raw.c_iflag & tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP), 0, "no flow control or CR translation")
        XCTAssertEqual(raw.c_oflag & tcflag_t(OPOST), 0, "no output processing")
        XCTAssertEqual(raw.c_cflag & tcflag_t(CSIZE), tcflag_t(CS8))
        let controlCharacters = withUnsafeBytes(of: raw.c_cc) { Array($0) }
        XCTAssertEqual(controlCharacters[Int(VMIN)], 1, "reads return after one byte")
        XCTAssertEqual(controlCharacters[Int(VTIME)], 0, "with no timer")
        XCTAssertTrue(session.isActive)
    }

    func testWithoutMouseNoMouseReportsAreRequested() throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave, mouse: false)
        defer { session.restore() }
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(enter)))
    }

    func testRestoreLeavesTheScreenAndPutsTheSettingsBack() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        _ = terminal.readAvailable()
        session.restore()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(leave)))
        XCTAssertSameSettings(terminal.settings, original)
        XCTAssertFalse(session.isActive)
    }

    /// The picture clean-up goes before the leave sequence, on restore and on suspend; one too
    /// long for the crash handler's buffer is refused.
    func testPictureCleanupIsWrittenBeforeLeaving() throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        defer { session.restore() }
        _ = terminal.readAvailable()
        XCTAssertFalse(session.setPictureCleanup([UInt8](repeating: 0x41, count: 300)))
        XCTAssertTrue(session.setPictureCleanup(Array("<clean>".utf8)))
        session.suspend()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes("<clean>" + leave)))
        session.resume()
        _ = terminal.readAvailable()
        session.restore()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes("<clean>" + leave)))
    }

    /// What a library prints on standard error stays off the screen while the session holds
    /// the terminal (Debian's libjxl prints a line for each damaged file), and reaches the
    /// terminal again while it is suspended and once it is restored.
    func testTheErrorOutputIsKeptOffTheScreenWhileTheSessionHoldsTheTerminal() throws {
        let terminal = try PseudoTerminal()
        let errors = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave, error: errors.slave)
        defer { session.restore() }
        func say(_ text: String) {
            let written = bytes(text).withUnsafeBytes { write(errors.slave, $0.baseAddress, $0.count) }
            XCTAssertEqual(written, text.utf8.count, "the write itself succeeds: \(text)")
        }
        say("./lib/jxl/decode.cc:1182: frame processing failed")
        XCTAssertEqual(errors.readAvailable(), [], "diverted while active")
        session.suspend()
        say("suspended")
        XCTAssertEqual(readable(errors.readAvailable()), "suspended")
        session.resume()
        say("resumed")
        XCTAssertEqual(errors.readAvailable(), [], "diverted again")
        session.restore()
        say("restored")
        XCTAssertEqual(readable(errors.readAvailable()), "restored")
    }

    func testRestoringTwiceIsHarmless() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        session.restore()
        _ = terminal.readAvailable()
        session.restore()
        XCTAssertEqual(terminal.readAvailable(), [], "the second restore writes nothing")
        XCTAssertSameSettings(terminal.settings, original)
    }

    func testConcurrentRestoresRestoreOnce() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        _ = terminal.readAvailable()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in session.restore() }
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(leave)))
        XCTAssertSameSettings(terminal.settings, original)
    }

    func testWritesArriveWholeAndStopAfterRestore() throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave, mouse: false)
        _ = terminal.read(count: bytes(enter).count)
        // Far more than the pty buffers, so the writer has to wait for the reader.
        let payload = (0..<300_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        let done = expectation(description: "written")
        DispatchQueue.global().async {
            session.write(payload)
            done.fulfill()
        }
        XCTAssertEqual(terminal.read(count: payload.count), payload)
        wait(for: [done], timeout: 5)
        session.restore()
        _ = terminal.readAvailable()
        session.write(bytes("late"))
        XCTAssertEqual(terminal.readAvailable(), [])
    }

    func testSizeComesFromTheTerminal() throws {
        let terminal = try PseudoTerminal(columns: 132, rows: 43)
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        defer { session.restore() }
        XCTAssertEqual(session.size, TerminalSize(columns: 132, rows: 43))
        terminal.setWindowSize(columns: 90, rows: 20)
        XCTAssertEqual(session.size, TerminalSize(columns: 90, rows: 20))
        terminal.setWindowSize(columns: 0, rows: 0)
        XCTAssertEqual(session.size, TerminalSize(columns: 80, rows: 24))
    }

    func testStartOnAPipeThrows() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { ends.forEach { close($0) } }
        XCTAssertThrowsError(try TerminalSession.start(input: ends[0], output: ends[1])) { error in
            XCTAssertEqual(error as? TerminalError, .notATerminal(fileDescriptor: ends[0]))
            XCTAssertTrue("\(error)".contains("not a terminal"), "\(error)")
        }
    }

    func testOnlyOneSessionAtATime() throws {
        let terminal = try PseudoTerminal()
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        XCTAssertThrowsError(try TerminalSession.start(input: terminal.slave, output: terminal.slave)) { error in
            XCTAssertEqual(error as? TerminalError, .sessionAlreadyActive)
        }
        session.restore()
        let next = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        next.restore()
    }

    /// What the crash handlers and the exit hook run, called directly.
    func testCrashRestoreRoutineRestoresOnceAndOnlyWhileArmed() throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let session = try TerminalSession.start(input: terminal.slave, output: terminal.slave)
        _ = terminal.readAvailable()

        sepia_terminal_crash_restore_now()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(leave)))
        XCTAssertSameSettings(terminal.settings, original)

        sepia_terminal_crash_restore_now()
        XCTAssertEqual(terminal.readAvailable(), [], "disarmed after the first run")

        session.restore()
        XCTAssertEqual(readable(terminal.readAvailable()), readable(bytes(leave)), "restoring again is harmless")
        XCTAssertSameSettings(terminal.settings, original)
        sepia_terminal_crash_restore_now()
        XCTAssertEqual(terminal.readAvailable(), [], "restore() disarms the crash path")
    }
}
