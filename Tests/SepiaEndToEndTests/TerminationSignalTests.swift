import Foundation
import SepiaTestSupport
import XCTest

/// SIGTERM and SIGQUIT while `sepia demo` browses: it leaves the terminal as it found it,
/// then quits with status 143 (128 + SIGTERM), or dies of SIGQUIT (status 131 in the shell).
final class TerminationSignalTests: SepiaSessionTestCase {
    func testSIGTERMQuitsWith143AndRestoresTheTerminal() throws {
        try startSepia(["demo", "--photo-size", "320x240", "--count", "20", "--graphics", "blocks"])
        try session.waitForScreen("the rows") { $0.rowPosition == PaneSnapshot.RowPosition(row: 1, count: 26) && !$0.listRows.isEmpty }
        XCTAssertTrue(try session.modes().alternateScreen, "sepia does not use the alternate screen")

        let shell = try session.modes().shellProcess
        let sepia = ProcessTable.children(of: shell, named: "sepia")
        XCTAssertEqual(sepia.count, 1, "expected one sepia process under the pane's shell \(shell)")
        let pid = try XCTUnwrap(sepia.first)
        XCTAssertEqual(kill(pid, SIGTERM), 0, "kill(\(pid), SIGTERM): errno \(errno)")

        try assertExits(withStatus: 143)
    }

    /// In an interactive shell, which says "Quit" only when its job died of SIGQUIT (an exit
    /// with status 131 looks the same to `$?`).
    func testSIGQUITRestoresTheTerminalAndDiesOfIt() throws {
        try startSepiaInShell(["demo", "--photo-size", "320x240", "--count", "20", "--graphics", "blocks"])
        try session.waitForScreen("the rows") { $0.rowPosition == PaneSnapshot.RowPosition(row: 1, count: 26) && !$0.listRows.isEmpty }

        let shell = try session.modes().shellProcess
        let pid = try XCTUnwrap(ProcessTable.children(of: shell, named: "sepia").first, "no sepia under the pane's shell \(shell)")
        XCTAssertEqual(kill(pid, SIGQUIT), 0, "kill(\(pid), SIGQUIT): errno \(errno)")

        try session.waitForScreen("the shell to say sepia died of SIGQUIT") { $0.lines.contains { $0.hasPrefix("Quit") } }
        try assertExitsInShell(withStatus: 128 + SIGQUIT)
    }
}
