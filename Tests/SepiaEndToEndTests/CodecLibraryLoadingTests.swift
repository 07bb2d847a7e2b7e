import Foundation
import SepiaTestSupport
import XCTest

/// libtiff (like libheif) is loaded with dlopen by the first file that needs it. When the library
/// cannot be loaded, or is one that lacks a function Sepia calls, the TIFF fails its own row with
/// the reason and the batch goes on: here `sepia process` finds a stand-in `libtiff.so.6` first
/// on `LD_LIBRARY_PATH`, an empty library built with the C compiler, or a file that is no library.
final class CodecLibraryLoadingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-dlopen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A list naming a TIFF and a JPEG written by ImageMagick's `convert`.
    private func manifest() throws -> URL {
        var lines: [String] = []
        for name in ["scan.tif", "photo.jpg"] {
            let photo = folder.appendingPathComponent(name).path
            let result = try CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "64x48", "gradient:red-blue", photo],
                environment: ProcessInfo.processInfo.environment)
            XCTAssertEqual(result.status, 0, "convert (Debian package imagemagick): \(result.errorOutput)")
            lines.append(photo)
        }
        let list = folder.appendingPathComponent("photos.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        return list
    }

    /// `sepia process` over `list`, with `LD_LIBRARY_PATH` set to `libraries` when given.
    private func process(_ list: URL, libraries: URL?, into output: String) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = libraries?.path
        return try CommandRunner.run(
            try EndToEndTools.sepia(), ["process", list.path, "-o", folder.appendingPathComponent(output).path],
            environment: environment)
    }

    private func written(_ output: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(output).path).sorted()
    }

    func testAMissingOrWrongLibraryFailsItsRowsAndTheBatchGoesOn() throws {
        let list = try manifest()
        let real = try process(list, libraries: nil, into: "real")
        XCTAssertEqual(real.status, 0, "with Debian's libtiff: \(real.output) \(real.errorOutput)")
        XCTAssertEqual(try written("real").count, 2)

        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("stand-in.c")
        try "int sepia_stand_in;\n".write(to: source, atomically: true, encoding: .utf8)
        let compiler = try XCTUnwrap(ExecutableFile.onPath("cc") ?? ExecutableFile.onPath("clang"), "a C compiler is needed")
        let built = try CommandRunner.run(
            compiler, ["-shared", "-fPIC", "-o", empty.appendingPathComponent("libtiff.so.6").path, source.path],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(built.status, 0, built.errorOutput)

        let broken = folder.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("not a library".utf8).write(to: broken.appendingPathComponent("libtiff.so.6"))

        for (libraries, reason) in [
            (empty, "libtiff.so.6 lacks TIFFClientOpenExt, which Sepia needs"), (broken, "libtiff.so.6 could not be loaded"),
        ] {
            let output = libraries.lastPathComponent + "-out"
            let result = try process(list, libraries: libraries, into: output)
            let text = result.output + result.errorOutput
            XCTAssertEqual(result.status, 1, "one photo failed, no crash: \(text)")
            XCTAssertTrue(text.contains("The TIFF image cannot be decoded here: \(reason)"), text)
            XCTAssertEqual(try written(output), ["photo.jpg"], "the JPEG is still written")
        }
    }
}
