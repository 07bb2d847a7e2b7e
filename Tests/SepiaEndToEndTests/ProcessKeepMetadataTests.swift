import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process --keep-metadata` keeps a photo's EXIF and tags the output sRGB in every output
/// format; checked with Debian's tools (`webpmux -info`, `heif-info`, ImageMagick's `identify`).
final class ProcessKeepMetadataTests: XCTestCase {
    /// A little-endian EXIF TIFF structure whose IFD0 holds Orientation 6 (turn right) only.
    private let exif: [UInt8] =
        Array("II".utf8) + [42, 0, 8, 0, 0, 0] + [1, 0] + [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0] + [0, 0, 0, 0]

    /// A 64×48 JPEG written by `convert` into `folder`, with `exif` in an APP1 segment after its
    /// SOI marker.
    private func photo(in folder: URL) throws -> URL {
        let plain = folder.appendingPathComponent("plain.jpg")
        try DebianTool.run("convert", ["-size", "64x48", "gradient:red-blue", plain.path], package: "imagemagick")
        let jpeg = [UInt8](try Data(contentsOf: plain))
        let length = exif.count + 8
        let app1 = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif".utf8) + [0, 0] + exif
        let photo = folder.appendingPathComponent("photo.jpg")
        try Data(Array(jpeg[..<2]) + app1 + Array(jpeg[2...])).write(to: photo)
        return photo
    }

    /// Runs `sepia process` on the photo with `--keep-metadata` and returns the file it wrote.
    private func process(as format: String) throws -> URL {
        let folder = try makeTemporaryCacheDirectory()
        let output = folder.appendingPathComponent("output")
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(), ["process", try photo(in: folder).path, "-o", output.path, "--format", format, "--keep-metadata"],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, "\(format): \(result.output) \(result.errorOutput)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
        XCTAssertEqual(files.count, 1, "\(format): \(files)")
        return output.appendingPathComponent(try XCTUnwrap(files.first))
    }

    func testWebPOutputKeepsTheEXIFAndAnSRGBProfile() throws {
        for format in ["webp", "webp-lossless"] {
            let file = try process(as: format)
            let info = try DebianTool.text(of: "webpmux", ["-info", file.path], package: "webp")
            XCTAssertTrue(info.contains("Canvas size: 48 x 64"), "turned upright: \(info)")
            XCTAssertTrue(info.contains("Features present: ICC profile EXIF metadata"), info)
            XCTAssertTrue(info.contains("Size of the EXIF metadata: \(exif.count)"), info)
            let report = try DebianTool.text(of: "identify", ["-verbose", file.path], package: "imagemagick")
            XCTAssertTrue(report.contains("icc:description: sRGB"), report)
        }
    }

    func testAVIFOutputKeepsTheEXIFAndAnSRGBProfile() throws {
        let file = try process(as: "avif")
        let info = try DebianTool.text(of: "heif-info", [file.path], package: "libheif-examples")
        XCTAssertTrue(info.contains("image: 48x64"), "turned upright: \(info)")
        XCTAssertTrue(info.contains("color profile: prof"), info)
        XCTAssertTrue(info.contains("Exif: \(exif.count + 4) bytes"), "the TIFF structure after its 4-byte offset: \(info)")
    }
}
