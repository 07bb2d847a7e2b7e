import Foundation
import SepiaTestSupport
import XCTest

/// Names, URLs and reasons from a hostile manifest reach the text that `sepia process` and
/// `sepia report` print, and the `sepia:` error lines, as visible characters: no escape
/// sequence (OSC 52 writes the clipboard, OSC 0 the window title, CSI moves the cursor), line
/// break or bidirectional control gets through to the terminal.
final class TerminalEscapeEndToEndTests: XCTestCase {
    private var folder: URL!

    /// OSC 52 (clipboard), OSC 0 (title), CSI (clear the screen) and a right-to-left override.
    private static let clipboard = "\u{1B}]52;c;c2VjcmV0\u{07}"
    private static let title = "\u{1B}]0;pwned\u{07}"
    private static let clear = "\u{1B}[2J"
    private static let override = "\u{202E}"

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-escape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func sepia(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(try EndToEndTools.sepia(), arguments, environment: ProcessInfo.processInfo.environment)
    }

    /// A JSON manifest whose rows all fail, each with control sequences in its name and in the
    /// text its reason quotes: an unusable URL, a missing file's path, a percent-encoded path.
    private func hostileManifest() throws -> String {
        let missing = folder.appendingPathComponent("missing").path
        let rows: [[String: String]] = [
            ["name": "clip\(Self.clipboard)board", "url": "gopher://host/\(Self.title).jpg"],
            ["name": "title\(Self.title)", "url": "\(missing)/\(Self.clear)\(Self.override).jpg"],
            ["name": "clear\(Self.clear)\nsepia: all good", "url": "file://\(missing)/%1B%5D0%3Bpwned%07.jpg"],
            ["name": "\(Self.override)gpj.exe", "url": "ftp://\(Self.clipboard)"],
        ]
        let file = folder.appendingPathComponent("hostile.json")
        try JSONSerialization.data(withJSONObject: rows).write(to: file)
        return file.path
    }

    private func assertInert(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let unsafe = text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].contains(
                    scalar.value)
        }
        XCTAssertEqual(unsafe.map { String($0.value, radix: 16) }, [], "\(what): \(text.debugDescription)", file: file, line: line)
    }

    func testProcessSummaryReportAndErrorLinesCarryNoControlSequences() throws {
        let manifest = try hostileManifest()
        let report = folder.appendingPathComponent("report.jsonl").path
        let processed = try sepia(["process", manifest, "-o", folder.appendingPathComponent("out").path, "--report", report])
        XCTAssertEqual(processed.status, 1, processed.output + processed.errorOutput)
        XCTAssertTrue(processed.output.contains("0 written, 0 already there, 4 failed"), processed.output)
        assertInert(processed.output, "process's summary")
        assertInert(processed.errorOutput, "process's standard error")
        let failures = processed.output.split(separator: "\n").filter { $0.hasPrefix("  Failed to load ") }
        XCTAssertEqual(failures.count, 4, "one line each, the newline in a name included:\n\(processed.output)")
        XCTAssertTrue(processed.output.contains("clip\u{FFFD}]52;c;c2VjcmV0\u{FFFD}board"), processed.output)

        let merged = try sepia(["report", report])
        XCTAssertEqual(merged.status, 1, merged.output + merged.errorOutput)
        XCTAssertTrue(merged.output.contains("Failures by reason:"), merged.output)
        assertInert(merged.output, "report's text")

        let unreadable = try sepia(["process", folder.appendingPathComponent("\(Self.title)\(Self.override).json").path, "-o", folder.path])
        XCTAssertEqual(unreadable.status, 1, unreadable.errorOutput)
        XCTAssertTrue(unreadable.errorOutput.hasPrefix("sepia: "), unreadable.errorOutput)
        assertInert(unreadable.errorOutput, "the error line for an unreadable manifest")

        let badReport = try sepia(["report", folder.appendingPathComponent("\(Self.clipboard).jsonl").path])
        XCTAssertEqual(badReport.status, 1, badReport.errorOutput)
        assertInert(badReport.errorOutput, "the error line for a missing report")
    }

    /// A file named like an option with a value, which `sepia process *` passes on: the
    /// command line's own error quotes the value.
    func testTheCommandLinesOwnErrorsCarryNoControlSequences() throws {
        let refused = try sepia(["process", "a.jpg", "--quality=\(Self.title)\(Self.override)", "-o", folder.path])
        XCTAssertEqual(refused.status, 64, refused.errorOutput)
        XCTAssertTrue(refused.errorOutput.hasPrefix("Error: "), refused.errorOutput)
        XCTAssertTrue(refused.errorOutput.contains("Usage: sepia process"), "the usage lines keep their layout: \(refused.errorOutput)")
        assertInert(refused.errorOutput, "the command line's error")

        let proxy = try CommandRunner.run(
            try EndToEndTools.sepia(), ["process", "x.jpg", "-o", folder.path],
            environment: ProcessInfo.processInfo.environment.merging(["http_proxy": "http://\(Self.clear)bad host"]) { $1 })
        XCTAssertEqual(proxy.status, 64, proxy.errorOutput)
        XCTAssertTrue(proxy.errorOutput.contains("http_proxy="), proxy.errorOutput)
        assertInert(proxy.errorOutput, "the error for an unusable proxy setting")
    }
}
