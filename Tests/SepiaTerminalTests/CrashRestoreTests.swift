import Foundation
import SepiaTerminal
import XCTest

/// Runs this test bundle again in a child process on a pseudo-terminal, where the child
/// starts a session and dies without calling `restore()`; the terminal must be restored all
/// the same, pictures cleaned up first.
final class CrashRestoreTests: XCTestCase {
    private static let modeVariable = "SEPIA_TERMINAL_TEST_CHILD"
    /// The picture clean-up the child sets, which every way out writes before leaving.
    private static let pictureCleanup = "<delete pictures>"
    private let enter = SessionSequences.enter + SessionSequences.enableMouse
    private let leave = pictureCleanup + SessionSequences.leave

    /// The child's side, before any test of the class runs, and only in the child: starts a
    /// session and dies in the way the parent asked for.
    override class func setUp() {
        super.setUp()
        guard let mode = ProcessInfo.processInfo.environment[modeVariable] else { return }
        guard let session = try? TerminalSession.start() else { exit(2) }
        guard session.setPictureCleanup(Array(pictureCleanup.utf8)) else { exit(3) }
        switch mode {
        case "fatalError": fatalError("deliberate crash, to test the terminal restore")
        case "abort": abort()
        default: exit(0)
        }
    }

    private struct ChildResult {
        var reason: Process.TerminationReason
        var status: Int32
        var output: String
    }

    private func runChild(mode: String, on terminal: PseudoTerminal) throws -> ChildResult {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        child.arguments = ["SepiaTerminalTests.CrashRestoreTests"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.modeVariable] = mode
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        let slave = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
        child.standardInput = slave
        child.standardOutput = slave
        child.standardError = FileHandle.nullDevice
        try child.run()
        var output: [UInt8] = []
        while child.isRunning {
            output += terminal.readAvailable(timeout: 0.05)
        }
        output += terminal.readAvailable(timeout: 0.05)
        return ChildResult(reason: child.terminationReason, status: child.terminationStatus, output: readable(output))
    }

    /// Runs the child in `mode` on a fresh pseudo-terminal and checks that it ended as
    /// expected and that the terminal came back: the leave sequence after the enter sequence,
    /// and the settings from before.
    private func assertChildRestoresTheTerminal(
        mode: String, reason: Process.TerminationReason, statuses: [Int32],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let terminal = try PseudoTerminal()
        let original = terminal.settings
        let result = try runChild(mode: mode, on: terminal)
        XCTAssertEqual(result.reason, reason, file: file, line: line)
        XCTAssertTrue(statuses.contains(result.status), "status \(result.status)", file: file, line: line)
        let enterRange = result.output.range(of: readable(bytes(enter)))
        let leaveRange = result.output.range(of: readable(bytes(leave)))
        XCTAssertNotNil(enterRange, "the child started its session: \(result.output)", file: file, line: line)
        XCTAssertNotNil(leaveRange, "the terminal was restored: \(result.output)", file: file, line: line)
        if let enterRange, let leaveRange {
            XCTAssertLessThanOrEqual(enterRange.upperBound, leaveRange.lowerBound, "restored after starting", file: file, line: line)
        }
        XCTAssertSameSettings(terminal.settings, original, file: file, line: line)
    }

    func testFatalErrorRestoresTheTerminalAndStillKillsTheProcess() throws {
        // Swift traps with SIGILL (ud2) on x86_64 and SIGTRAP (brk) on arm64.
        try assertChildRestoresTheTerminal(mode: "fatalError", reason: .uncaughtSignal, statuses: [SIGILL, SIGTRAP])
    }

    func testAbortRestoresTheTerminalAndStillKillsTheProcess() throws {
        try assertChildRestoresTheTerminal(mode: "abort", reason: .uncaughtSignal, statuses: [SIGABRT])
    }

    func testExitRestoresTheTerminal() throws {
        try assertChildRestoresTheTerminal(mode: "exit", reason: .exit, statuses: [0])
    }
}
