import XCTest

@testable import SepiaImaging

/// The AVIF encoder (libheif with aom), checked by decoding its output with libheif and dav1d.
final class AVIFEncoderTests: XCTestCase {
    func testAVIFRoundTripIsCloseToTheSource() throws {
        let original = TestImages.smooth(width: 80, height: 60)
        let bytes = try ImageEncoder.encode(original, as: .avif())
        XCTAssertEqual(ImageFormat(detecting: bytes), .avif)
        let decoded = try ImageDecoder.decode(bytes)
        XCTAssertEqual(decoded.format, .avif)
        XCTAssertTrue(decoded.image.isOpaque)
        XCTAssertGreaterThan(decoded.image.peakSignalToNoiseRatio(against: original), 35)
    }

    func testQualityChangesTheSize() throws {
        let original = TestImages.smooth(width: 80, height: 60)
        let small = try ImageEncoder.encode(original, as: .avif(quality: 10))
        let large = try ImageEncoder.encode(original, as: .avif(quality: 95))
        XCTAssertLessThan(small.count, large.count)
    }

    func testAlphaIsKept() throws {
        let original = RGBAImage(width: 32, height: 16, red: 10, green: 200, blue: 30, alpha: 100)
        let decoded = try ImageDecoder.decode(ImageEncoder.encode(original, as: .avif(quality: 90))).image
        XCTAssertEqual(Double(decoded.pixel(x: 7, y: 7).alpha), 100, accuracy: 3)
    }

    func testQualityOutsideTheRangeIsRefused() {
        let image = RGBAImage(width: 4, height: 4, red: 0, green: 0, blue: 0)
        XCTAssertThrowsError(try ImageEncoder.encode(image, as: .avif(quality: 0))) { error in
            XCTAssertEqual(error as? ImageEncodingError, .invalidQuality(0, format: .avif, accepted: 1...100))
        }
    }
}
