import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process --thumbhash` adds each written photo's ThumbHash to the `--json` summary and
/// the `--report` lines; a manifest entry's bad placeholder is a warning, not a failed row.
final class ProcessThumbHashTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-thumbhash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A JSON manifest of two photos `convert` draws; the second gives a BlurHash one character short.
    private func manifest() throws -> String {
        var rows: [[String: String]] = []
        for (index, colors) in ["red-blue", "yellow-green"].enumerated() {
            let photo = folder.appendingPathComponent("photo-\(index).png").path
            let result = try CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "120x80", "gradient:\(colors)", photo],
                environment: ProcessInfo.processInfo.environment)
            XCTAssertEqual(result.status, 0, "convert (Debian package imagemagick): \(result.errorOutput)")
            rows.append(["name": "Photo \(index)", "url": photo])
        }
        rows[1]["blur_hash"] = "LEHV6nWB2yk8pyo0adR*.7kCMdn"
        let file = folder.appendingPathComponent("photos.json")
        try JSONSerialization.data(withJSONObject: rows).write(to: file)
        return file.path
    }

    private struct Summary: Decodable {
        struct Photo: Decodable {
            let name: String
            let status: String
            let thumbhash: String?
        }
        let photos: [Photo]
    }

    private struct ReportLine: Decodable {
        let name: String
        let thumbhash: String?
    }

    func testThumbHashesGoToTheSummaryAndTheReport() throws {
        let manifest = try manifest()
        let report = folder.appendingPathComponent("report.jsonl")
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(),
            ["process", manifest, "-o", folder.appendingPathComponent("out").path, "--json", "--thumbhash", "--report", report.path],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, "\(result.output) \(result.errorOutput)")
        XCTAssertTrue(
            result.errorOutput.contains(
                "Ignored a placeholder that does not decode (the rows show none); of Photo 1: The BlurHash has 27 characters where 28 are expected."
            ),
            result.errorOutput)
        let summary = try JSONDecoder().decode(Summary.self, from: Data(result.output.utf8))
        XCTAssertEqual(summary.photos.map(\.status), ["written", "written"])
        let hashes = summary.photos.compactMap(\.thumbhash)
        XCTAssertEqual(hashes.count, 2)
        for hash in hashes {
            // Opaque, 3:2: 5 header bytes, then 4 bits for each of 22 luminance (7×5) and 2 × 5 colour components.
            let bytes = try XCTUnwrap(Data(base64Encoded: hash), hash)
            XCTAssertEqual(bytes.count, 5 + (22 + 10) / 2, hash)
            XCTAssertEqual(bytes[4] & 0x80, 0x80, "landscape: \(hash)")
        }
        XCTAssertNotEqual(hashes[0], hashes[1], "two gradients of other colours")
        let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(ReportLine.self, from: Data($0.utf8)) }
        XCTAssertEqual(
            Dictionary(uniqueKeysWithValues: lines.map { ($0.name, $0.thumbhash) }), ["Photo 0": hashes[0], "Photo 1": hashes[1]])
    }

    func testWithoutTheFlagThereIsNoThumbHash() throws {
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(), ["process", try manifest(), "-o", folder.appendingPathComponent("out").path, "--json"],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, "\(result.output) \(result.errorOutput)")
        XCTAssertFalse(result.output.contains("\"thumbhash\""), result.output)
    }
}
