import Foundation
import SepiaTestSupport
import XCTest

/// Ctrl-Z and SIGTSTP, as in vim or htop: the shell gets its screen back in cooked mode while
/// sepia is stopped, `fg` brings the list back whole, and `bg` does not let sepia draw over
/// the shell.
final class SuspendTests: SepiaSessionTestCase {
    /// The demo without the entry that answers late and without prefetching (whose counters
    /// change the status bar), so the screen comes to rest.
    private let arguments = [
        "demo", "--photo-size", "320x240", "--count", "20", "--slow-delay", "0", "--prefetch", "0", "--graphics", "blocks",
    ]

    func testCtrlZGivesTheShellACookedTerminalAndFgRedrawsTheWholeList() throws {
        try startSepiaInShell(arguments)
        let list = try waitForTheListToRest()

        try session.press("C-z")
        try assertStoppedWithTheShellScreenBack()
        try session.type("stty -a")
        let settings = try session.waitForScreen("stty's local modes") { $0.contains("icanon") }
        let words = Set(settings.lines.flatMap { $0.split(separator: " ").map(String.init) })
        for mode in ["icanon", "echo", "isig", "icrnl", "opost"] {
            XCTAssertTrue(words.contains(mode), "\(mode) is off while sepia is stopped:\n\(settings.text)")
        }

        try session.type("fg")
        try assertTheListComesBackWhole(list)
        try session.press("q")
        try assertExitsInShell(withStatus: 0)
    }

    /// The window shrinks while sepia is stopped (it gets no SIGWINCH then: the shell is the
    /// foreground job); after `fg` the list is laid out for the new size.
    func testASizeChangeWhileStoppedIsDrawnAtTheNewSizeAfterFg() throws {
        try startSepiaInShell(arguments)
        _ = try waitForTheListToRest()
        try session.press("C-z")
        try assertStoppedWithTheShellScreenBack()
        try session.resize(columns: 90, lines: 24)

        try session.type("fg")
        let screen = try session.waitForScreen("the list at 90×24") { $0.lines.count == 24 && $0.lines[23].contains("Row 1/26") }
        XCTAssertTrue(screen.lines[0].contains("Sepia demo"), "the title on the first line:\n\(screen.text)")
        XCTAssertTrue(screen.lines[23].hasSuffix("q quit"), "the status bar fits the new width:\n\(screen.text)")
        XCTAssertTrue(screen.contains("Amber Bay 5"), "the rows are drawn:\n\(screen.text)")
        try session.press("q")
        try assertExitsInShell(withStatus: 0)
    }

    func testSIGTSTPThenBgStaysStoppedAndFgRedrawsTheWholeList() throws {
        try startSepiaInShell(arguments)
        let list = try waitForTheListToRest()
        let pid = try sepiaProcess()

        XCTAssertEqual(kill(pid, SIGTSTP), 0, "kill(\(pid), SIGTSTP): errno \(errno)")
        try assertStoppedWithTheShellScreenBack()
        try session.type("bg")
        try session.waitForScreen("bg to continue the job") { $0.lines.contains { $0.hasSuffix(" &") } }
        // Continued in the background, sepia must stop again before it touches the terminal.
        try waitUntil("sepia stops again in the background", timeout: 10) { ProcessTable.state(of: pid) == "T" }
        try session.press("Enter")  // bash reports a background job's stop before its next prompt
        try session.waitForScreen("the shell to report the job stopped again") { screen in
            screen.lines.filter { $0.contains("Stopped") }.count >= 2
        }
        let modes = try session.modes()
        XCTAssertFalse(modes.alternateScreen, "sepia took the screen from the background")
        XCTAssertNil(try session.capture().rowPosition, "sepia drew over the shell from the background")

        try session.type("fg")
        try assertTheListComesBackWhole(list)
        try session.press("q")
        try assertExitsInShell(withStatus: 0)
    }

    /// Waits until every row on the screen has its photo or its failure and two captures a
    /// second apart agree; returns that screen.
    private func waitForTheListToRest() throws -> PaneSnapshot {
        var previous = try session.capture()
        return try session.waitForScreen("the list to come to rest") { screen in
            defer { previous = screen }
            guard screen.rowPosition == PaneSnapshot.RowPosition(row: 1, count: 26), screen.text == previous.text,
                !screen.text.contains("Downloading"), !screen.text.contains("Filtering"),
                !screen.statusBar.contains("network")
            else {
                Thread.sleep(forTimeInterval: 0.5)
                return false
            }
            return true
        }
    }

    private func sepiaProcess() throws -> pid_t {
        let shell = try session.modes().shellProcess
        let sepia = ProcessTable.children(of: shell, named: "sepia")
        XCTAssertEqual(sepia.count, 1, "expected one sepia process under the pane's shell \(shell)")
        return try XCTUnwrap(sepia.first)
    }

    /// The shell reports the stopped job, on its own screen, with the cursor shown.
    private func assertStoppedWithTheShellScreenBack(file: StaticString = #filePath, line: UInt = #line) throws {
        let screen = try session.waitForScreen("the shell to report the stopped job") { $0.contains("Stopped") }
        let modes = try session.modes()
        XCTAssertFalse(modes.alternateScreen, "the alternate screen is still on while sepia is stopped", file: file, line: line)
        XCTAssertTrue(modes.cursorVisible, "the cursor is hidden while sepia is stopped", file: file, line: line)
        XCTAssertNil(screen.rowPosition, "sepia's status bar is on the shell's screen:\n\(screen.text)", file: file, line: line)
    }

    /// After `fg`: the alternate screen again, with every line as it was before the stop (the
    /// screen is blank when sepia comes back, so only a full repaint shows them all).
    private func assertTheListComesBackWhole(_ list: PaneSnapshot, file: StaticString = #filePath, line: UInt = #line) throws {
        do {
            try session.waitForScreen("the whole list again", timeout: 10) { $0.text == list.text }
        } catch {
            XCTFail("\(error)\nexpected:\n\(list.text)", file: file, line: line)
        }
        XCTAssertTrue(try session.modes().alternateScreen, "back on the alternate screen", file: file, line: line)
    }
}
