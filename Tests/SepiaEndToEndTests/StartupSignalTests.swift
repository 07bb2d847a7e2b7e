import Foundation
import SepiaTestSupport
import XCTest

/// A SIGTERM while `sepia demo` is still starting: the terminal is already raw and on the
/// alternate screen, and `--graphics auto` waits up to 300 ms for the terminal's answers to
/// its graphics probe. Sepia must still restore the terminal and quit with 143.
///
/// Runs on a pseudo-terminal that never answers the probe (not in tmux, which answers at once),
/// so the start-up lasts the probe's whole timeout and the signal comes in the middle of it.
final class StartupSignalTests: XCTestCase {
    func testSIGTERMDuringTheTerminalProbeRestoresTheTerminalAndQuitsWith143() throws {
        let terminal = try SilentTerminal()
        let original = terminal.settings
        let sepia = Process()
        sepia.executableURL = try EndToEndTools.sepia()
        sepia.arguments = ["demo", "--photo-size", "320x240", "--count", "5", "--graphics", "auto"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        environment["TERM"] = "xterm-kitty"  // so `auto` asks the terminal about kitty images
        sepia.environment = environment
        let slave = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
        sepia.standardInput = slave
        sepia.standardOutput = slave
        sepia.standardError = FileHandle.nullDevice
        try sepia.run()
        defer { if sepia.isRunning { kill(sepia.processIdentifier, SIGKILL) } }

        let probe = "\u{1B}_Gi=31,"
        let started = terminal.read(timeout: 60) { $0.contains(probe) }
        XCTAssertTrue(started.contains(probe), "sepia never probed the terminal; it wrote: \(started.debugDescription)")
        let raw = terminal.settings
        XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON), 0, "the terminal is raw during the probe")
        XCTAssertEqual(kill(sepia.processIdentifier, SIGTERM), 0, "kill(SIGTERM): errno \(errno)")

        let leave = "\u{1B}[?1049l"
        let rest = terminal.read(timeout: 30) { $0.contains(leave) }
        try waitUntil("sepia ends after SIGTERM") { !sepia.isRunning }
        XCTAssertEqual(sepia.terminationReason, .exit, "sepia died of signal \(sepia.terminationStatus) instead of quitting")
        XCTAssertEqual(sepia.terminationStatus, 143)
        XCTAssertTrue(rest.contains(leave), "sepia did not leave the alternate screen: \(rest.debugDescription)")
        let after = terminal.settings
        XCTAssertEqual(after.c_lflag, original.c_lflag, "local modes (echo, canonical input) restored")
        XCTAssertEqual(after.c_iflag, original.c_iflag, "input modes restored")
        XCTAssertEqual(after.c_oflag, original.c_oflag, "output modes restored")
    }
}
