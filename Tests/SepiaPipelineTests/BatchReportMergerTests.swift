import XCTest

@testable import SepiaPipeline

/// Merging the reports of a sharded batch's tasks.
final class BatchReportMergerTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func record(
        _ name: String, _ state: BatchReportLine.State, reason: String? = nil, ms: Double = 100, shard: String = "1/2",
        machine: String = "node1", at second: Double = 1, host: String = "photos.example:8080", bytes: Int = 1_000
    ) -> BatchReportLine {
        BatchReportLine(
            name: name, location: "http://\(host)/\(name).jpg", file: "/out/\(name).jpg", state: state, reason: reason,
            downloadedBytes: bytes, writtenBytes: state == .written ? 500 : nil, milliseconds: ms, shard: shard, machine: machine,
            finished: start.addingTimeInterval(second))
    }

    func testARecordSurvivesItsLineWithMilliseconds() throws {
        let original = record("Ünïcode \"quoted\"/name", .failed, reason: "HTTP 404 Not Found", at: 1.125)
        let line = try original.line()
        XCTAssertEqual(line.last, UInt8(ascii: "\n"))
        XCTAssertEqual(line.filter { $0 == UInt8(ascii: "\n") }.count, 1, "one line")
        XCTAssertEqual(BatchReportLine(line: line.dropLast()), original)
        XCTAssertTrue(String(decoding: line, as: UTF8.self).contains("\"finished\":\"2027-01-15T08:00:01.125Z\""))
        XCTAssertNil(BatchReportLine(line: Data("{\"name\":\"torn".utf8)))
    }

    func testEachPhotoCountsOnceWithItsBestEnd() {
        var merger = BatchReportMerger()
        // Task 1 of 2 wrote a and b, was killed and run again: b and a are already there, c is written now.
        merger.add(record("a", .written, at: 1))
        merger.add(record("b", .written, at: 2))
        merger.add(record("b", .skipped, ms: 0, at: 10))
        merger.add(record("a", .skipped, ms: 0, at: 10))
        merger.add(record("c", .failed, reason: "timed out", at: 3))
        merger.add(record("c", .written, at: 11))
        // Task 2 of 2 on another machine: d fails twice for the same reason, e is cancelled.
        merger.add(record("d", .failed, reason: "HTTP 404 Not Found", shard: "2/2", machine: "node2", at: 2))
        merger.add(record("e", .cancelled, ms: 0, shard: "2/2", machine: "node2", at: 4))
        merger.add(line: Data("{\"name\":\"torn".utf8))
        let summary = merger.summary()
        XCTAssertEqual(summary.rows, 5)
        XCTAssertEqual([summary.written, summary.skipped, summary.failed, summary.cancelled], [3, 0, 1, 1])
        XCTAssertEqual(summary.repeatedRecords, 3)
        XCTAssertEqual(summary.unreadableLines, 1)
        XCTAssertEqual(summary.failures, [.init(reason: "HTTP 404 Not Found", count: 1, examples: ["d"])])
        XCTAssertFalse(summary.allDone)
        XCTAssertEqual(summary.downloadedBytes, 8_000)
        // From the first start (a: 1 s − 100 ms) to the last end (11 s).
        XCTAssertEqual(summary.seconds, 10.1, accuracy: 0.001)
        XCTAssertEqual(summary.photosPerSecond, 3 / 10.1, accuracy: 0.001)
        XCTAssertEqual(summary.tasks.map(\.machine), ["node2", "node1"], "the slowest task first")
        XCTAssertEqual(summary.tasks.last?.written, 3)
    }

    func testFailuresAreGroupedByReasonLargestFirst() {
        var merger = BatchReportMerger()
        for index in 1...5 { merger.add(record("gone \(index)", .failed, reason: "HTTP 404 Not Found", at: Double(index))) }
        merger.add(record("slow", .failed, reason: "timed out", at: 9))
        let failures = merger.summary().failures
        XCTAssertEqual(failures.map(\.reason), ["HTTP 404 Not Found", "timed out"])
        XCTAssertEqual(failures.first?.count, 5)
        XCTAssertEqual(failures.first?.examples, ["gone 1", "gone 2", "gone 3"])
    }

    func testOriginsAreRankedByTheirMeanTime() {
        var merger = BatchReportMerger()
        for index in 1...20 { merger.add(record("fast \(index)", .written, ms: Double(index), host: "fast.example")) }
        for index in 1...20 { merger.add(record("slow \(index)", .written, ms: 100 * Double(index), host: "slow.example")) }
        merger.add(record("skipped", .skipped, ms: 0, host: "idle.example"))
        let origins = merger.summary().slowestOrigins
        XCTAssertEqual(origins.map(\.origin), ["slow.example", "fast.example"], "skipped rows took no time")
        XCTAssertEqual(origins[0].meanMilliseconds, 1_050, accuracy: 0.001)
        XCTAssertEqual(origins[0].p95Milliseconds, 1_900, accuracy: 0.001)
        XCTAssertEqual(BatchReportMerger.origin(of: "/photos/a.jpg"), "local files")
        XCTAssertEqual(BatchReportMerger.origin(of: "https://cdn.example/a.jpg"), "cdn.example")
    }

    func testAReportLogAppendsLinesThatMergeAndRefusesWhatCannotBeWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("reports/task-1.jsonl").path
        do {
            let log = try BatchReportFile(path: path)
            let records = (0..<200).map { record("photo \($0)", .written) }
            DispatchQueue.concurrentPerform(iterations: records.count) { index in log.append(records[index]) }
            XCTAssertNil(log.failure)
        }
        // A second run of the same task appends.
        try BatchReportFile(path: path).append(record("photo 0", .skipped, ms: 0))
        var merger = BatchReportMerger()
        try merger.add(reportAt: path)
        let summary = merger.summary()
        XCTAssertEqual([summary.rows, summary.written, summary.repeatedRecords, summary.unreadableLines], [200, 200, 1, 0])

        XCTAssertThrowsError(try BatchReportFile(path: "/proc/sepia-no-such-folder/report.jsonl")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot write the report /proc/sepia-no-such-folder/report.jsonl: "), "\(error)")
        }
        XCTAssertThrowsError(try BatchReportFile(path: folder.path)) { XCTAssertTrue("\($0)".contains("cannot write the report")) }
        var missing = BatchReportMerger()
        XCTAssertThrowsError(try missing.add(reportAt: folder.appendingPathComponent("none.jsonl").path)) {
            XCTAssertTrue("\($0)".hasPrefix("cannot read the report"), "\($0)")
        }
    }
}
