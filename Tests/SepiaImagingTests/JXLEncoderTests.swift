import XCTest

@testable import SepiaImaging

/// The JPEG XL encoder (libjxl), checked by decoding its output with libjxl's own `djxl` and
/// with Sepia.
final class JXLEncoderTests: XCTestCase {
    private let original = TestImages.smooth(width: 80, height: 60)

    func testLossyRoundTripIsCloseToTheSourceAndDjxlReadsIt() throws {
        let bytes = try ImageEncoder.encode(original, as: .jxl())
        XCTAssertEqual(ImageFormat(detecting: bytes), .jxl)
        XCTAssertEqual(Array(bytes.prefix(2)), MagicNumbers.jxlCodestreamSignature, "a bare codestream without metadata")
        let decoded = try ImageDecoder.decode(bytes)
        XCTAssertEqual(decoded.format, .jxl)
        XCTAssertTrue(decoded.image.isOpaque)
        XCTAssertGreaterThan(decoded.image.peakSignalToNoiseRatio(against: original), 35)

        let tools = try ImageTools()
        let byDjxl = try tools.decodeWithTool(tools.write(bytes, as: "sepia.jxl"))
        XCTAssertLessThanOrEqual(byDjxl.meanAbsoluteDifference(against: decoded.image), 0.5, "libjxl's own tool sees the same image")
    }

    func testLosslessRoundTripIsExactAlphaIncluded() throws {
        let distinct = TestImages.distinctPixels(width: 40, height: 30)
        XCTAssertFalse(distinct.isOpaque)
        let bytes = try ImageEncoder.encode(distinct, as: .jxlLossless)
        XCTAssertEqual(try ImageDecoder.decode(bytes).image, distinct)
        let tools = try ImageTools()
        XCTAssertEqual(try tools.decodeWithTool(tools.write(bytes, as: "lossless.jxl")), distinct, "djxl too")
        XCTAssertEqual(ImageEncodingFormat.jxlLossless.format, .jxl)
        XCTAssertEqual(ImageFormat.jxl.fileExtension, "jxl")
        XCTAssertEqual(ImageFormat.jxl.mimeType, "image/jxl")
    }

    func testQualityChangesTheSize() throws {
        let photo = ColorReference.colourful(width: 160, height: 120)
        let sizes = try [30, 60, 90, 98].map { try ImageEncoder.encode(photo, as: .jxl(quality: $0)).count }
        XCTAssertEqual(sizes, sizes.sorted(), "higher quality, larger file: \(sizes)")
        XCTAssertLessThan(sizes[0] * 2, sizes[3], "\(sizes)")
    }

    func testQualityMapsToCjxlsDistance() {
        XCTAssertEqual(JXLEncoder.distance(quality: 90), 1, accuracy: 1e-6)
        XCTAssertEqual(JXLEncoder.distance(quality: 100), 0.1, accuracy: 1e-6)
        XCTAssertEqual(JXLEncoder.distance(quality: 30), 6.4, accuracy: 1e-5)
        XCTAssertEqual(JXLEncoder.distance(quality: 1), 25, "libjxl's largest distance")
    }

    func testAlphaIsKept() throws {
        let translucent = RGBAImage(width: 32, height: 16, red: 10, green: 200, blue: 30, alpha: 100)
        let decoded = try ImageDecoder.decode(ImageEncoder.encode(translucent, as: .jxl(quality: 90))).image
        XCTAssertEqual(Double(decoded.pixel(x: 7, y: 7).alpha), 100, accuracy: 1)
        XCTAssertEqual(Double(decoded.pixel(x: 7, y: 7).green), 200, accuracy: 3)
    }

    func testEXIFIsKeptUprightInAnExifBox() throws {
        let exif = JPEGSegments.exifTIFF(orientation: 6, bigEndian: false)
        for format in [ImageEncodingFormat.jxl(quality: 80), .jxlLossless] {
            let output = try ImageEncoder.encode(original, as: format, metadata: OutputMetadata(exif: exif))
            XCTAssertEqual(Array(output.prefix(12)), MagicNumbers.jxlContainerSignature, "\(format): boxes need the container")
            let reread = try ImageDecoder.decode(output)
            XCTAssertEqual(reread.exif, EXIFOrientation.uprightEXIF(exif), "\(format)")
            XCTAssertEqual(reread.orientation, .up, "\(format)")
            XCTAssertEqual(reread.warnings, [], "\(format)")
            XCTAssertEqual(reread.image.width, 80, "\(format)")
            let tools = try ImageTools()
            let info = try tools.text(of: "jxlinfo", ["-v", tools.write(output, as: "exif.jxl")])
            XCTAssertTrue(info.contains("box: type: \"Exif\""), info)
        }
    }

    func testQualityOutsideTheRangeIsRefused() {
        let image = RGBAImage(width: 4, height: 4, red: 0, green: 0, blue: 0)
        for quality in [0, 101] {
            XCTAssertThrowsError(try ImageEncoder.encode(image, as: .jxl(quality: quality))) { error in
                XCTAssertEqual(error as? ImageEncodingError, .invalidQuality(quality, format: .jxl, accepted: 1...100))
            }
        }
    }
}
