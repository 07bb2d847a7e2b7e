import Foundation
import SepiaTestSupport
import XCTest

@testable import SepiaImaging

/// Outputs carry no metadata by default; with `OutputMetadata` they keep the EXIF (orientation
/// reset to 1) and are tagged sRGB, in every output format. Read back with Sepia's parser and
/// Debian's tools: ImageMagick's `identify`, `webpmux -info`, `heif-info`.
final class OutputMetadataTests: XCTestCase {
    private let photo = ColorReference.colourful(width: 64, height: 48)

    /// An EXIF TIFF structure (little-endian) with Orientation 6 and a GPS IFD saying 'N'.
    private static let exifWithGPS: [UInt8] = {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        func entry(tag: Int, type: Int, count: Int, value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let ifd0Offset = 8
        let gpsOffset = ifd0Offset + 2 + 2 * 12 + 4
        let ifd0 =
            u16(2) + entry(tag: 0x0112, type: 3, count: 1, value: u16(6)) + entry(tag: 0x8825, type: 4, count: 1, value: u32(gpsOffset))
            + u32(0)
        let gps = u16(1) + entry(tag: 0x0001, type: 2, count: 2, value: [UInt8(ascii: "N"), 0]) + u32(0)
        return Array("II".utf8) + u16(42) + u32(ifd0Offset) + ifd0 + gps
    }()

    private func sourceJPEG() throws -> [UInt8] {
        JPEGSegments.inserting(
            JPEGSegments.exifSegment(tiff: Self.exifWithGPS), into: try ImageEncoder.encode(photo, as: .jpeg(quality: 90)))
    }

    private func identify(_ bytes: [UInt8], as suffix: String) throws -> String {
        let file = try makeTemporaryDirectory().appendingPathComponent("output.\(suffix)")
        try Data(bytes).write(to: file)
        return try DebianTool.text(of: "identify", ["-verbose", file.path], package: "imagemagick")
    }

    func testDecoderReportsTheEXIF() throws {
        let decoded = try ImageDecoder.decode(try sourceJPEG())
        XCTAssertEqual(decoded.exif, Self.exifWithGPS)
        XCTAssertEqual(decoded.orientation, .right)
    }

    func testJPEGOutputCarriesNoEXIFByDefault() throws {
        let decoded = try ImageDecoder.decode(try sourceJPEG())
        let output = try ImageEncoder.encode(decoded.image, as: .jpeg(quality: 90))
        XCTAssertFalse(JPEGSegments.segments(of: output).contains { $0.marker == 0xE1 || $0.marker == 0xE2 })
        let report = try identify(output, as: "jpg")
        XCTAssertFalse(report.contains("exif:"), report)
        XCTAssertNil(try ImageDecoder.decode(output).exif)
    }

    func testJPEGOutputKeepsEXIFUprightAndIsTaggedSRGB() throws {
        let decoded = try ImageDecoder.decode(try sourceJPEG())
        let output = try ImageEncoder.encode(decoded.image, as: .jpeg(quality: 90), metadata: OutputMetadata(keepingFrom: decoded))
        let reread = try ImageDecoder.decode(output)
        XCTAssertEqual(reread.orientation, .up)
        XCTAssertEqual(reread.sourceColorProfile, ColorProfiles.sRGB)
        XCTAssertEqual(reread.warnings, [])
        let report = try identify(output, as: "jpg")
        XCTAssertTrue(report.contains("Orientation: TopLeft"), report)
        XCTAssertTrue(report.contains("exif:GPSLatitudeRef: N"), report)
        XCTAssertTrue(report.contains("icc:description: sRGB"), report)
    }

    func testPNGOutputMetadata() throws {
        let decoded = try ImageDecoder.decode(try sourceJPEG())
        let plain = try ImageEncoder.encode(decoded.image, as: .png)
        XCTAssertFalse(PNGChunks.types(in: plain).contains { ["eXIf", "sRGB", "iCCP", "gAMA", "cHRM"].contains($0) })

        let kept = try ImageEncoder.encode(decoded.image, as: .png, metadata: OutputMetadata(keepingFrom: decoded))
        XCTAssertTrue(PNGChunks.types(in: kept).contains("sRGB"))
        let exif = try XCTUnwrap(PNGChunks.data(of: "eXIf", in: kept))
        XCTAssertEqual(exif.withUnsafeBytes { EXIFOrientation(exifTIFF: $0) }, .up)
        let reread = try ImageDecoder.decode(kept)
        XCTAssertEqual(reread.exif, exif)
        XCTAssertNil(reread.sourceColorProfile)
        XCTAssertEqual(reread.image, decoded.image)
        // ImageMagick 6.9 does not read eXIf chunks; the chunk's bytes were checked above.
        let report = try identify(kept, as: "png")
        XCTAssertTrue(report.contains("png:sRGB: intent=0"), report)
    }

    func testWebPOutputKeepsEXIFUprightAndIsTaggedSRGB() throws {
        let decoded = try ImageDecoder.decode(try sourceJPEG())
        let tools = try ImageTools()
        let plain = try tools.write(ImageEncoder.encode(decoded.image, as: .webp(quality: 90)), as: "plain.webp")
        XCTAssertTrue(try tools.text(of: "webpmux", ["-info", plain]).contains("No features present."))
        let upright = EXIFOrientation.uprightEXIF(Self.exifWithGPS)
        for format in [ImageEncodingFormat.webp(quality: 90), .webpLossless] {
            let output = try ImageEncoder.encode(decoded.image, as: format, metadata: OutputMetadata(keepingFrom: decoded))
            let reread = try ImageDecoder.decode(output)
            XCTAssertEqual(reread.exif, upright, "\(format)")
            XCTAssertEqual(reread.orientation, .up, "\(format)")
            XCTAssertEqual(reread.sourceColorProfile, ColorProfiles.sRGB, "\(format)")
            XCTAssertEqual(reread.warnings, [], "\(format)")
            if format == .webpLossless { XCTAssertEqual(reread.image, decoded.image) }
            let name = try tools.write(output, as: "kept.webp")
            let info = try tools.text(of: "webpmux", ["-info", name])
            XCTAssertTrue(info.contains("Features present: ICC profile EXIF metadata"), info)
            XCTAssertTrue(info.contains("Size of the ICC profile data: \(ColorProfiles.sRGB.count)"), info)
            XCTAssertTrue(info.contains("Size of the EXIF metadata: \(upright.count)"), info)
            let report = try identify(output, as: "webp")
            XCTAssertTrue(report.contains("icc:description: sRGB"), report)
        }
    }

    func testWebPWithAlphaKeepsItsAlphaBesideTheMetadata() throws {
        let translucent = RGBAImage(width: 16, height: 8, red: 200, green: 120, blue: 40, alpha: 100)
        let tools = try ImageTools()
        for format in [ImageEncodingFormat.webp(quality: 90), .webpLossless] {
            let output = try ImageEncoder.encode(translucent, as: format, metadata: OutputMetadata(exif: Self.exifWithGPS))
            let reread = try ImageDecoder.decode(output)
            XCTAssertEqual(Double(reread.image.pixel(x: 3, y: 3).alpha), 100, accuracy: 1, "\(format)")
            XCTAssertEqual(reread.sourceColorProfile, ColorProfiles.sRGB, "\(format)")
            let info = try tools.text(of: "webpmux", ["-info", tools.write(output, as: "translucent.webp")])
            XCTAssertTrue(info.contains("Features present: ICC profile EXIF metadata transparency"), info)
        }
    }

    func testAVIFOutputKeepsEXIFUprightAndIsTaggedSRGB() throws {
        let decoded = try ImageDecoder.decode(try sourceJPEG())
        let plain = try ImageEncoder.encode(decoded.image, as: .avif(quality: 80))
        let output = try ImageEncoder.encode(decoded.image, as: .avif(quality: 80), metadata: OutputMetadata(keepingFrom: decoded))
        let reread = try ImageDecoder.decode(output)
        XCTAssertEqual(reread.exif, EXIFOrientation.uprightEXIF(Self.exifWithGPS))
        XCTAssertEqual(reread.orientation, .up)
        XCTAssertEqual(reread.sourceColorProfile, ColorProfiles.sRGB)
        XCTAssertEqual(reread.warnings, [])
        // The nclx box stays beside the profile, so the samples decode as without metadata.
        XCTAssertEqual(reread.image, try ImageDecoder.decode(plain).image)
        XCTAssertNil(try ImageDecoder.decode(plain).exif)

        let tools = try ImageTools()
        let name = try tools.write(output, as: "kept.avif")
        let info = try tools.text(of: "heif-info", [name])
        XCTAssertTrue(info.contains("color profile: prof"), info)
        XCTAssertTrue(info.contains("Exif: \(Self.exifWithGPS.count + 4) bytes"), info)
        // ImageMagick 6.9 reads an AVIF's Exif item (without its offset) but not its ICC profile.
        let report = try identify(output, as: "avif")
        XCTAssertTrue(report.contains("Profile-exif: \(Self.exifWithGPS.count) bytes"), report)
    }

    func testUprightEXIFLeavesOtherBytesAlone() {
        let upright = EXIFOrientation.uprightEXIF(Self.exifWithGPS)
        XCTAssertEqual(upright.withUnsafeBytes { EXIFOrientation(exifTIFF: $0) }, .up)
        XCTAssertEqual(zip(upright, Self.exifWithGPS).filter { $0 != $1 }.count, 1)
        let malformed: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0xFF, 0xFF]
        XCTAssertEqual(EXIFOrientation.uprightEXIF(malformed), malformed)
    }
}
