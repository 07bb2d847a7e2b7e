import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// An export writes pixels only by default; `keepingMetadata` carries the original's EXIF from
/// the decode step to the encode step (orientation reset to 1) and tags the file sRGB.
final class ExportMetadataTests: XCTestCase {
    /// A little-endian EXIF TIFF structure whose IFD0 holds Orientation 6 only.
    private let exif: [UInt8] =
        Array("II".utf8) + [42, 0, 8, 0, 0, 0] + [1, 0] + [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0] + [0, 0, 0, 0]

    /// Exports a 160×120 JPEG carrying `exif` as sepia JPEG and returns the output decoded.
    private func export(keepingMetadata: Bool) async throws -> DecodedImage {
        let folder = try makeTemporaryCacheDirectory()
        let source = folder.appendingPathComponent("source.jpg")
        let jpeg = try ImageEncoder.encode(PhotoGenerator(seed: 3).render(width: 160, height: 120), as: .jpeg(quality: 90))
        let length = exif.count + 8
        let app1 = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif".utf8) + [0, 0] + exif
        try Data(Array(jpeg[..<2]) + app1 + Array(jpeg[2...])).write(to: source)
        let output = folder.appendingPathComponent("out.jpg")
        let loader = HTTPLoader()
        let pipeline = PhotoPipeline(loader: loader)
        let result = try await pipeline.export(
            PhotoRequest(url: source), as: .jpeg(quality: 90), to: [output], keepingMetadata: keepingMetadata
        )
        .value
        await loader.shutdown()
        XCTAssertEqual(try result.files[0].get(), output)
        return try ImageDecoder.decode(Data(contentsOf: output))
    }

    func testAnExportCarriesNoMetadataByDefault() async throws {
        let written = try await export(keepingMetadata: false)
        XCTAssertNil(written.exif)
        XCTAssertNil(written.sourceColorProfile)
        XCTAssertEqual(written.image.size, PixelSize(width: 120, height: 160), "turned upright")
    }

    func testAnExportKeepingMetadataCarriesTheEXIFUprightAndAnSRGBProfile() async throws {
        let written = try await export(keepingMetadata: true)
        let kept = try XCTUnwrap(written.exif)
        XCTAssertEqual(kept.count, exif.count)
        XCTAssertEqual(written.orientation, .up)
        XCTAssertEqual(written.image.size, PixelSize(width: 120, height: 160), "not turned twice")
        XCTAssertNotNil(written.sourceColorProfile)
        XCTAssertEqual(written.warnings, [])
    }
}
