import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process --format webp` and `--format webp-lossless` write WebP files with the `.webp`
/// extension, lossy (a VP8 chunk) or lossless (VP8L), from local photos made by ImageMagick.
final class ProcessWebPOutputTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-webp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A manifest of two local photos written by `convert` (a missing tool fails the test).
    private func manifest() throws -> String {
        var lines: [String] = []
        for (index, colors) in ["red-blue", "yellow-green"].enumerated() {
            let photo = folder.appendingPathComponent("photo-\(index).png").path
            let result = try CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "64x48", "gradient:\(colors)", photo],
                environment: ProcessInfo.processInfo.environment)
            XCTAssertEqual(result.status, 0, "convert (Debian package imagemagick): \(result.errorOutput)")
            lines.append(photo)
        }
        let file = folder.appendingPathComponent("photos.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func testWebPFormatsWriteWebPFilesOfTheRightKind() throws {
        let manifest = try manifest()
        for (format, chunk) in [("webp", "VP8 "), ("webp-lossless", "VP8L")] {
            let output = folder.appendingPathComponent(format)
            let result = try CommandRunner.run(
                try EndToEndTools.sepia(), ["process", manifest, "-o", output.path, "--format", format, "--quality", "80"],
                environment: ProcessInfo.processInfo.environment)
            XCTAssertEqual(result.status, 0, "\(format): \(result.output) \(result.errorOutput)")
            let files = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
            XCTAssertEqual(files.count, 2, "\(format): \(files)")
            for file in files {
                XCTAssertTrue(file.hasSuffix(".webp"), file)
                let bytes = [UInt8](try Data(contentsOf: output.appendingPathComponent(file)))
                XCTAssertEqual(Array(bytes.prefix(4)), Array("RIFF".utf8), file)
                XCTAssertEqual(Array(bytes[8..<12]), Array("WEBP".utf8), file)
                XCTAssertEqual(String(decoding: bytes[12..<16], as: UTF8.self), chunk, "\(format): \(file)")
            }
        }
    }
}
