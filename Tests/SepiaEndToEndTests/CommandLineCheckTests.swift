import Foundation
import SepiaTestSupport
import XCTest

/// Options and outputs that cannot work are refused by the command line before any work
/// starts, with a message that names them, instead of trapping or failing every photo.
final class CommandLineCheckTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func sepia(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(try EndToEndTools.sepia(), arguments, environment: ProcessInfo.processInfo.environment)
    }

    /// A manifest of three local photos that do not exist (no network needed).
    private func manifest() throws -> String {
        let file = folder.appendingPathComponent("photos.txt")
        let lines = (1...3).map { folder.appendingPathComponent("missing-\($0).jpg").path }
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func assertRefused(_ arguments: [String], mentioning option: String, file: StaticString = #filePath, line: UInt = #line) throws
    {
        let result = try sepia(arguments)
        XCTAssertEqual(result.status, 64, "a usage error: \(result.errorOutput)", file: file, line: line)
        XCTAssertTrue(result.errorOutput.contains(option), "the message names \(option): \(result.errorOutput)", file: file, line: line)
    }

    func testNonFiniteAndHugeNumbersAreRefusedAtParseTime() throws {
        let manifest = try manifest()
        let output = folder.appendingPathComponent("out").path
        for timeout in ["inf", "nan", "-1", "0", "1e300"] {
            try assertRefused(["process", manifest, "-o", output, "--timeout", timeout], mentioning: "--timeout")
            try assertRefused(["browse", manifest, "--timeout", timeout], mentioning: "--timeout")
        }
        try assertRefused(["process", manifest, "-o", output, "--jobs", String(Int.max)], mentioning: "--jobs")
        try assertRefused(["browse", manifest, "--prefetch", String(Int.max)], mentioning: "--prefetch")
        try assertRefused(["browse", manifest, "--jobs", "0"], mentioning: "--jobs")
        try assertRefused(["serve", "--slow-delay", "inf"], mentioning: "--slow-delay")
        try assertRefused(["serve", "--latency", String(Int.max)], mentioning: "--latency")
        try assertRefused(["serve", "--count", String(Int.max)], mentioning: "--count")
        try assertRefused(["selfcheck", "--count", String(Int.max)], mentioning: "--count")
    }

    func testAnOutputFolderThatCannotBeMadeIsReportedOnceBeforeAnyWork() throws {
        let result = try sepia(["process", try manifest(), "-o", "/proc/sepia-cannot-exist/out"])
        XCTAssertEqual(result.status, 1)
        let mentions = result.errorOutput.components(separatedBy: "/proc/sepia-cannot-exist/out").count - 1
        XCTAssertEqual(mentions, 1, "one error, not one per photo: \(result.errorOutput)")
        XCTAssertFalse(result.output.contains("missing-1"), "no photo was tried: \(result.output)")
    }
}
