import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process --max-pixels` and `--memory-budget` (or `SEPIA_MEMORY_BUDGET`): checked when
/// the command line is parsed, a photo over the limit failed with the reason, and TIFFs larger
/// than the whole budget written one at a time; `sepia browse` takes the budget too.
final class ProcessMemoryOptionsTests: XCTestCase {
    /// Two 64×48 TIFFs written by `convert` into a folder of their own, and the output folder.
    private func photos() throws -> (input: URL, output: URL) {
        let folder = try makeTemporaryCacheDirectory()
        let input = folder.appendingPathComponent("input")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for name in ["first", "second"] {
            try DebianTool.run(
                "convert", ["-size", "64x48", "gradient:red-blue", input.appendingPathComponent("\(name).tif").path],
                package: "imagemagick")
        }
        return (input, folder.appendingPathComponent("output"))
    }

    private func sepia(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        try CommandRunner.run(
            try EndToEndTools.sepia(), ["process"] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    func testAPhotoOverMaxPixelsFailsWithTheReason() throws {
        let (input, output) = try photos()
        let result = try sepia([input.path, "-o", output.path, "--max-pixels", "3000"])
        XCTAssertEqual(result.status, 1, result.errorOutput)
        XCTAssertTrue(result.output.contains("The image is 64×48 pixels, more than the limit of 3000 pixels."), result.output)
    }

    func testOutOfRangeValuesAreRefusedWhenParsed() throws {
        let (input, output) = try photos()
        let cases: [([String], [String: String], String)] = [
            (["--max-pixels", "0"], [:], "--max-pixels must be from 1 to 100000000 (got 0)."),
            (["--memory-budget", "12X"], [:], "--memory-budget"),
            ([], ["SEPIA_MEMORY_BUDGET": "lots"], "SEPIA_MEMORY_BUDGET must be a number of bytes such as 512M or 2G, or none (got lots)."),
        ]
        for (options, environment, message) in cases {
            let result = try sepia([input.path, "-o", output.path] + options, environment: environment)
            XCTAssertEqual(result.status, 64, "\(options) \(environment)")
            XCTAssertTrue(result.errorOutput.contains(message), result.errorOutput)
        }
    }

    func testPhotosLargerThanTheWholeBudgetAreWrittenOneAtATime() throws {
        let (input, output) = try photos()
        for budget in [["--memory-budget", "1K"], []] {
            let environment = budget.isEmpty ? ["SEPIA_MEMORY_BUDGET": "1K"] : [:]
            let result = try sepia([input.path, "-o", output.path, "--jobs", "2", "--refresh"] + budget, environment: environment)
            XCTAssertEqual(result.status, 0, "\(budget): \(result.output) \(result.errorOutput)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path).sorted(), ["first.jpg", "second.jpg"])
        }
    }

    /// `sepia browse` takes the same budget, checked when the command line is parsed; without a
    /// terminal it gets no further.
    func testBrowseTakesTheBudgetToo() throws {
        let (input, _) = try photos()
        let environment = ProcessInfo.processInfo.environment
        let refused = try CommandRunner.run(
            try EndToEndTools.sepia(), ["browse", input.path], environment: environment.merging(["SEPIA_MEMORY_BUDGET": "lots"]) { $1 })
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.errorOutput.contains("SEPIA_MEMORY_BUDGET must be a number of bytes"), refused.errorOutput)
        let accepted = try CommandRunner.run(
            try EndToEndTools.sepia(), ["browse", input.path, "--memory-budget", "1K"], environment: environment)
        XCTAssertTrue(accepted.errorOutput.contains("the browser needs a terminal"), accepted.errorOutput)
    }
}
