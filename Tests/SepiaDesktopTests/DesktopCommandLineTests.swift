import Foundation
import SepiaTestSupport
import XCTest

/// `sepia-gtk`'s command line before any window: its errors never put a raw escape sequence on
/// the terminal, and `--memory-budget` and `SEPIA_MEMORY_BUDGET` are checked as `sepia`'s are.
final class DesktopCommandLineTests: XCTestCase {
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, errorOutput: Data) {
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment.merge(environment) { $1 }
        let result = try CommandRunner.runCapturingBytes(try DesktopTools.sepiaGtk(), arguments, environment: processEnvironment)
        return (result.status, result.errorOutput)
    }

    /// An option value that writes the clipboard (OSC 52) when printed raw: ArgumentParser's
    /// message quotes it, and it reaches standard error with its ESC and BEL replaced.
    func testAnArgumentErrorIsWrittenSafeForATerminal() throws {
        let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}"
        let result = try run(["--filter", hostile])
        XCTAssertEqual(result.status, 64)
        let text = String(decoding: result.errorOutput, as: UTF8.self)
        XCTAssertTrue(text.contains("--filter"), text)
        XCTAssertFalse(result.errorOutput.contains(0x1B), "an ESC reached the terminal: \(text.debugDescription)")
        XCTAssertFalse(result.errorOutput.contains(0x07), "a BEL reached the terminal: \(text.debugDescription)")
    }

    func testABadMemoryBudgetIsRefusedWithTheReason() throws {
        let result = try run(["--demo"], environment: ["SEPIA_MEMORY_BUDGET": "lots"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(String(decoding: result.errorOutput, as: UTF8.self).contains("SEPIA_MEMORY_BUDGET must be a number of bytes"))
        let option = try run(["--demo", "--memory-budget", "12 apples"])
        XCTAssertEqual(option.status, 64)
        XCTAssertTrue(String(decoding: option.errorOutput, as: UTF8.self).contains("--memory-budget"))
    }
}
