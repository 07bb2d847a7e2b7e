import XCTest

@testable import SepiaImaging

/// WebP output through libwebp, checked by decoding it again with Sepia and with dwebp.
final class WebPEncoderTests: XCTestCase {
    private var tools: ImageTools!

    override func setUpWithError() throws {
        tools = try ImageTools()
    }

    override func tearDown() {
        tools = nil
    }

    /// An image with fully transparent pixels of different colours, and partial alpha.
    private func transparentPatches() -> RGBAImage {
        var image = TestImages.distinctPixels(width: 48, height: 40)
        for y in 10..<20 {
            for x in 5..<25 { image.setPixel(x: x, y: y, red: UInt8(x * 9), green: UInt8(y * 7), blue: 3, alpha: 0) }
        }
        return image
    }

    func testLosslessWebPRoundTripsExactlyEvenUnderTransparentPixels() throws {
        let source = transparentPatches()
        let webp = try ImageEncoder.encode(source, as: .webpLossless)
        XCTAssertEqual(ImageFormat(detecting: webp), .webp)
        XCTAssertEqual(try ImageDecoder.decode(webp).image, source)
        try tools.write(webp, as: "lossless.webp")
        XCTAssertEqual(try tools.decodeWithTool("lossless.webp"), source, "dwebp reads the same pixels")
    }

    func testLossyWebPIsCloseToTheSourceKeepsAlphaAndIsReadableByDwebp() throws {
        let source = TestImages.smooth(width: 120, height: 80)
        let webp = try ImageEncoder.encode(source, as: .webp(quality: 90))
        let decoded = try ImageDecoder.decode(webp).image
        XCTAssertLessThan(decoded.meanAbsoluteDifference(against: source), 2.0)
        try tools.write(webp, as: "lossy.webp")
        XCTAssertEqual(try tools.decodeWithTool("lossy.webp"), decoded)

        let translucent = transparentPatches()
        let withAlpha = try ImageDecoder.decode(ImageEncoder.encode(translucent, as: .webp(quality: 90))).image
        let alpha = { (image: RGBAImage) in image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element) }
        XCTAssertEqual(alpha(withAlpha), alpha(translucent), "alpha is kept losslessly")
    }

    func testLowerQualityMakesSmallerFiles() throws {
        let source = TestImages.smooth(width: 160, height: 120)
        let small = try ImageEncoder.encode(source, as: .webp(quality: 20))
        let large = try ImageEncoder.encode(source, as: .webp(quality: 95))
        XCTAssertLessThan(small.count, large.count)
    }

    func testQualityOutsideTheRangeAndOversizedImagesAreRefused() throws {
        let image = RGBAImage(width: 8, height: 8, red: 1, green: 2, blue: 3)
        for quality in [-1, 101] {
            XCTAssertThrowsError(try ImageEncoder.encode(image, as: .webp(quality: quality))) { error in
                XCTAssertEqual(error as? ImageEncodingError, .invalidQuality(quality, format: .webp, accepted: 0...100))
            }
        }
        XCTAssertNoThrow(try ImageEncoder.encode(image, as: .webp(quality: 0)))
        let wide = RGBAImage(width: 16_384, height: 1, red: 1, green: 2, blue: 3)
        XCTAssertThrowsError(try ImageEncoder.encode(wide, as: .webpLossless)) { error in
            XCTAssertEqual(error as? ImageEncodingError, .unsupportedSize(width: 16_384, height: 1, format: .webp))
        }
    }

    func testTheFormatsNameWebPAndItsExtension() {
        XCTAssertEqual(ImageEncodingFormat.webp().format, .webp)
        XCTAssertEqual(ImageEncodingFormat.webpLossless.format.fileExtension, "webp")
        XCTAssertEqual(ImageEncodingFormat.webp(), .webp(quality: 90))
    }
}
