import Foundation
import SepiaTestSupport
import XCTest

/// `sepia-gtk`'s command line: its errors never put a raw escape sequence on the terminal,
/// `--memory-budget` and `SEPIA_MEMORY_BUDGET`, `--max-pixels` and `--allow-private-networks`
/// are `sepia`'s (the same help, the same checks), and `--max-pixels` reaches the rows.
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

    func testMaxPixelsIsCheckedAsSepiasIs() throws {
        let result = try run(["--demo", "--max-pixels", "0"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            String(decoding: result.errorOutput, as: UTF8.self).contains("--max-pixels must be from 1 to 100000000 (got 0)."),
            String(decoding: result.errorOutput, as: UTF8.self))
    }

    /// The help of `--max-pixels` and `--allow-private-networks` is `sepia browse`'s, word for word.
    func testTheSharedOptionsHaveSepiasHelp() throws {
        let desktop = try CommandRunner.run(try DesktopTools.sepiaGtk(), ["--help"], environment: ProcessInfo.processInfo.environment)
        let browser = try CommandRunner.run(
            try DesktopTools.built("sepia"), ["browse", "--help"], environment: ProcessInfo.processInfo.environment)
        for option in ["--max-pixels <pixels>", "--allow-private-networks"] {
            let paragraph = { (help: String) in Self.paragraph(of: option, in: help) }
            XCTAssertNotNil(paragraph(desktop.output), "sepia-gtk --help lacks \(option): \(desktop.output)")
            XCTAssertEqual(paragraph(desktop.output), paragraph(browser.output), option)
        }
    }

    /// The option's lines in `help`: the one naming it and those that continue its text.
    private static func paragraph(of option: String, in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(option) }) else { return nil }
        let rest = lines[(start + 1)...].prefix { line in
            line.hasPrefix("        ") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("-")
        }
        return ([lines[start]] + rest).joined(separator: "\n")
    }

    /// A photo over `--max-pixels` fails in its row with the reason (a 400×300 photo, 120,000
    /// pixels, against 100,000), while the same folder shows it without the option
    /// (DesktopWindowTests).
    func testAPhotoOverMaxPixelsFailsInItsRow() throws {
        let folder = try DesktopTools.photoFolder(count: 1)
        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), [folder.path, "--max-pixels", "100000"])
        defer { app.stop() }
        let nodes = try app.waitForAccessibleNodes("photo-01.jpg failed") { nodes in
            nodes.contains { $0.name.hasPrefix("photo-01.jpg: Failed to load: ") }
        }
        let failure = try XCTUnwrap(nodes.map(\.name).first { $0.hasPrefix("photo-01.jpg: Failed to load: ") })
        XCTAssertTrue(failure.contains("pixels"), failure)
        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }
}
