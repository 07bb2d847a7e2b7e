import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process --format jxl` and `--format jxl-lossless` write JPEG XL files with the `.jxl`
/// extension that libjxl's own `djxl` reads, the quality changing the size, from local photos
/// made by ImageMagick; and JPEG XL input made by `cjxl` is read like any other photo.
final class ProcessJXLOutputTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-jxl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A manifest of two local photos written by `convert` (a missing tool fails the test): a PNG,
    /// and a lossy JPEG XL that cjxl made of a second PNG.
    private func manifest() throws -> String {
        var lines: [String] = []
        for (index, colors) in ["red-blue", "yellow-green"].enumerated() {
            let photo = folder.appendingPathComponent("photo-\(index).png").path
            try DebianTool.run("convert", ["-size", "160x120", "plasma:\(colors)", "-seed", "7", photo], package: "imagemagick")
            lines.append(photo)
        }
        let jxl = folder.appendingPathComponent("photo-1.jxl").path
        try DebianTool.run("cjxl", [lines[1], jxl, "--quiet", "-d", "1"], package: "libjxl-tools")
        lines[1] = jxl
        let file = folder.appendingPathComponent("photos.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Runs `sepia process` on the manifest with `arguments` and returns the files written.
    private func process(_ manifest: String, into name: String, _ arguments: [String]) throws -> [URL] {
        let output = folder.appendingPathComponent(name)
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(), ["process", manifest, "-o", output.path] + arguments,
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.output) \(result.errorOutput)")
        return try FileManager.default.contentsOfDirectory(atPath: output.path).sorted().map { output.appendingPathComponent($0) }
    }

    func testJXLFormatsWriteFilesDjxlReads() throws {
        let manifest = try manifest()
        var sizes: [String: Int] = [:]
        for (name, arguments) in [
            ("low", ["--format", "jxl", "--quality", "40"]), ("high", ["--format", "jxl", "--quality", "95"]),
            ("lossless", ["--format", "jxl-lossless"]),
        ] {
            let files = try process(manifest, into: name, arguments)
            XCTAssertEqual(files.count, 2, "\(name): \(files)")
            for file in files {
                XCTAssertEqual(file.pathExtension, "jxl", file.path)
                let bytes = [UInt8](try Data(contentsOf: file))
                XCTAssertEqual(Array(bytes.prefix(2)), [0xFF, 0x0A], "\(name): a bare codestream, \(file.lastPathComponent)")
                try DebianTool.run("djxl", [file.path, file.path + ".png", "--quiet"], package: "libjxl-tools")
                let info = try DebianTool.text(of: "identify", ["-format", "%wx%h", file.path + ".png"], package: "imagemagick")
                XCTAssertEqual(info, "160x120", "\(name): \(file.lastPathComponent)")
                sizes[name, default: 0] += bytes.count
            }
        }
        XCTAssertLessThan(sizes["low"] ?? 0, sizes["high"] ?? 0, "\(sizes)")
        XCTAssertLessThan(sizes["high"] ?? 0, sizes["lossless"] ?? 0, "\(sizes)")
    }
}
