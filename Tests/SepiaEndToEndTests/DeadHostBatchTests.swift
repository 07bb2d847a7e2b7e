import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process` over a manifest whose every row names a port that refuses connections: once
/// the host's circuit breaker opens, the remaining rows fail at once, each with one reason,
/// and every row is reported.
final class DeadHostBatchTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-dead-host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private struct Record: Decodable {
        let state: String
        let reason: String?
    }

    /// Without the breaker each row took three attempts and their backoff: 2,000 rows ran for
    /// about two minutes, every one "cannot connect".
    func testTwoThousandRowsOfARefusedPortEndFastWithTheBreakersReason() throws {
        let manifest = folder.appendingPathComponent("photos.txt")
        let rows = (0..<2_000).map { "http://127.0.0.1:9/photo-\($0).jpg\n" }.joined()
        try Data(rows.utf8).write(to: manifest)
        let report = folder.appendingPathComponent("report.jsonl")
        var environment = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] {
            environment[name] = nil
        }
        let started = ContinuousClock.now
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(),
            [
                "process", manifest.path, "-o", folder.appendingPathComponent("out").path, "--jobs", "2", "--report", report.path,
                "--cache-dir", folder.appendingPathComponent("cache").path,
            ],
            environment: environment)
        let elapsed = ContinuousClock.now - started

        XCTAssertEqual(result.status, 1, result.errorOutput)
        let records = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Record.self, from: Data($0.utf8))
        }
        XCTAssertEqual(records.count, 2_000, "every row is reported")
        XCTAssertTrue(records.allSatisfy { $0.state == "failed" })
        let breakerReasons = records.compactMap(\.reason).filter { $0.contains("127.0.0.1:9 failed 20 connections in a row") }
        XCTAssertGreaterThanOrEqual(breakerReasons.count, 1_950, "every row after the first few: \(Set(records.compactMap(\.reason)))")
        XCTAssertEqual(Set(breakerReasons).count, 1, "one reason: \(Set(breakerReasons))")
        XCTAssertLessThan(elapsed, .seconds(30))
    }
}
