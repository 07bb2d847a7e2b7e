import CSepiaTerminal
public import Foundation
import SepiaLocking

/// A terminal taken over for a full-screen program: raw input, the alternate screen, no
/// cursor and (optionally) mouse reports, until `restore()`.
///
/// The terminal is put back however the process ends:
/// - `restore()`, which the program calls on its way out (and on SIGINT/SIGTERM, which the
///   program handles itself);
/// - `suspend()` and `resume()` give it back for a while and take it again (Ctrl-Z, `fg`);
/// - `exit()`, through an `atexit` hook;
/// - a crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, which is how Swift's
///   `fatalError` and failed preconditions end), through signal handlers written in C that
///   only make async-signal-safe calls. They restore the terminal and pass the signal on, so
///   the process still dies of it (same exit status, same core dump, and the Swift runtime's
///   backtrace then lands on the normal screen).
///
/// Only one session can be active at a time.
public final class TerminalSession: Sendable {

    /// Whether the session holds the terminal.
    enum State {
        /// Raw mode and the session's screen, drawn on.
        case active
        /// Given back for a while by `suspend()`: writes are dropped until `resume()`.
        case suspended
        /// Given back for good by `restore()`.
        case restored
    }

    /// What changes while the session runs; restores, suspensions and writes hold its lock
    /// throughout, so they never interleave.
    struct Guarded {
        var state = State.active
        /// Written before `leaveSequence` on every restore path: what takes the program's
        /// pictures off the terminal (see `setPictureCleanup(_:)`).
        var pictureCleanup: [UInt8] = []
    }

    let guarded = Locked(Guarded())

    /// The descriptor input is read from, whose settings the session changed.
    public let inputFileDescriptor: Int32
    /// The descriptor the screen is drawn on.
    public let outputFileDescriptor: Int32
    /// The terminal settings from before the session, put back by `restore()`.
    let savedSettings: termios
    /// Whether the session asked for mouse reports (asked again on `resume()`).
    let mouse: Bool
    /// Standard error, kept off the screen while the session holds the terminal.
    let errorOutput: ErrorOutputDiversion

    /// What leaves the session's screen state, in every restore path: ends a synchronized
    /// update a crash may have cut short, stops mouse reports, resets colours, shows the
    /// cursor and leaves the alternate screen.
    static let leaveSequence =
        ControlSequence.endSynchronizedUpdate + ControlSequence.disableMouse
        + ControlSequence.resetStyle + ControlSequence.showCursor + ControlSequence.leaveAlternateScreen

    /// What `start` writes: the alternate screen, a hidden cursor and, when asked for, SGR
    /// mouse reports (presses, releases and the wheel).
    static func enterSequence(mouse: Bool) -> [UInt8] {
        ControlSequence.enterAlternateScreen + ControlSequence.hideCursor
            + (mouse ? ControlSequence.enableMouse : [])
    }

    private init(input: Int32, output: Int32, error: Int32, savedSettings: termios, mouse: Bool) {
        self.inputFileDescriptor = input
        self.outputFileDescriptor = output
        self.errorOutput = ErrorOutputDiversion(descriptor: error)
        self.savedSettings = savedSettings
        self.mouse = mouse
    }

    /// Takes over the terminal: saves its settings, arms the crash restore, enters raw mode
    /// (see `RawMode`), switches to the alternate screen and hides the cursor, turns on mouse
    /// reports when `mouse` is true, and, when `error` is a terminal, sends what is written to
    /// it to `/dev/null` until the terminal is given back (`ErrorOutputDiversion`).
    ///
    /// - Throws: `TerminalError.notATerminal` when `input` is not a terminal,
    ///   `.sessionAlreadyActive` when another session has not been restored, and
    ///   `.systemCallFailed` when the terminal refuses its new settings.
    public static func start(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, error: Int32 = STDERR_FILENO, mouse: Bool = true
    ) throws -> TerminalSession {
        guard isatty(input) == 1 else { throw TerminalError.notATerminal(fileDescriptor: input) }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else {
            throw TerminalError.systemCallFailed(name: "tcgetattr", errno: errno)
        }
        try armCrashRestore(input: input, output: output, saved: saved)
        var raw = RawMode.applied(to: saved)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            let code = errno
            sepia_terminal_crash_uninstall()
            throw TerminalError.systemCallFailed(name: "tcsetattr", errno: code)
        }
        let session = TerminalSession(input: input, output: output, error: error, savedSettings: saved, mouse: mouse)
        FileDescriptorWriter.writeAll(enterSequence(mouse: mouse), to: output)
        session.errorOutput.divert()
        return session
    }

    /// Arms the C crash handlers and exit hook to restore `saved` on `input` and write
    /// `cleanup` and the leave sequence to `output`.
    static func armCrashRestore(input: Int32, output: Int32, saved: termios, cleanup: [UInt8] = []) throws {
        var saved = saved
        let armed = (cleanup + leaveSequence).withUnsafeBufferPointer { bytes in
            sepia_terminal_crash_install(input, output, &saved, bytes.baseAddress, bytes.count)
        }
        switch armed {
        case 0: break
        case EBUSY: throw TerminalError.sessionAlreadyActive
        default: throw TerminalError.systemCallFailed(name: "sepia_terminal_crash_install", errno: armed)
        }
    }

    /// Gives the terminal back: stops mouse reports, shows the cursor, leaves the alternate
    /// screen, resets colours, restores the saved settings (discarding unread input) and
    /// takes down the crash handlers.
    ///
    /// Safe to call from any thread and any number of times: the first call restores, and
    /// later calls (also ones made while the first is running) return once it is done.
    public func restore() {
        guarded.withLock { guarded in
            let previous = guarded.state
            guarded.state = .restored
            guard previous != .restored else { return }
            defer { errorOutput.end() }
            // A suspended session has already given the terminal back.
            guard previous == .active else { return }
            giveBack(cleanup: guarded.pictureCleanup)
        }
    }

    /// Takes down the crash handlers, leaves the session's screen and puts the saved settings
    /// back (discarding unread input), after writing `cleanup`. Called under `guarded`'s lock.
    func giveBack(cleanup: [UInt8]) {
        errorOutput.giveBack()
        sepia_terminal_crash_uninstall()
        FileDescriptorWriter.writeAll(cleanup + Self.leaveSequence, to: outputFileDescriptor)
        var settings = savedSettings
        tcsetattr(inputFileDescriptor, TCSAFLUSH, &settings)
    }

    /// Sets the bytes that take the program's pictures off the terminal, written on every way
    /// the session ends (`restore()`, `suspend()`, `exit()`, a crash) before the rest of the
    /// leave sequence: kitty images outlive the alternate screen otherwise. With the leave
    /// sequence, at most `SEPIA_TERMINAL_RESTORE_CAPACITY` (256) bytes, the crash handler's
    /// fixed buffer; longer ones are refused with `false`.
    @discardableResult
    public func setPictureCleanup(_ bytes: [UInt8]) -> Bool {
        guard bytes.count + Self.leaveSequence.count <= Int(SEPIA_TERMINAL_RESTORE_CAPACITY) else { return false }
        guarded.withLock { guarded in
            guarded.pictureCleanup = bytes
            guard guarded.state == .active else { return }
            sepia_terminal_crash_uninstall()
            try? Self.armCrashRestore(input: inputFileDescriptor, output: outputFileDescriptor, saved: savedSettings, cleanup: bytes)
        }
        return true
    }

    /// True while the session holds the terminal: not restored, not suspended.
    public var isActive: Bool {
        guarded.withLock { $0.state == .active }
    }

    /// The terminal's size from `TIOCGWINSZ` on the output, or `TerminalSize.fallback` when
    /// the terminal does not say (or says zero).
    public var size: TerminalSize {
        guard let window = systemWindow, window.ws_col > 0, window.ws_row > 0 else { return .fallback }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// The output's window as the `TIOCGWINSZ` ioctl gives it, or nil when the ioctl fails.
    var systemWindow: winsize? {
        var window = winsize()
        return ioctl(outputFileDescriptor, UInt(TIOCGWINSZ), &window) == 0 ? window : nil
    }

    /// Writes `bytes` to the output in as few `write(2)` calls as the kernel allows.
    ///
    /// Writes are serialised with `restore()` and `suspend()`, and dropped while the session
    /// does not hold the terminal, so a frame finished late never lands on the user's normal
    /// screen.
    public func write(_ bytes: [UInt8]) {
        guarded.withLock { guarded in
            guard guarded.state == .active else { return }
            FileDescriptorWriter.writeAll(bytes, to: outputFileDescriptor)
        }
    }
}
