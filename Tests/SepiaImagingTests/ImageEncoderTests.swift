import XCTest

@testable import SepiaImaging

final class ImageEncoderTests: XCTestCase {
    private func encodingError(
        _ image: RGBAImage, as format: ImageEncodingFormat,
        file: StaticString = #filePath, line: UInt = #line
    ) -> ImageEncodingError? {
        do {
            _ = try ImageEncoder.encode(image, as: format)
            XCTFail("encoded", file: file, line: line)
            return nil
        } catch {
            return error as? ImageEncodingError
        }
    }

    func testJPEGQualityMustBeOneToHundred() throws {
        let image = RGBAImage(width: 8, height: 8, red: 1, green: 2, blue: 3)
        for quality in [0, 101, -5] {
            XCTAssertEqual(encodingError(image, as: .jpeg(quality: quality)), .invalidQuality(quality, format: .jpeg, accepted: 1...100))
        }
        for quality in [1, 100] {
            XCTAssertEqual(ImageFormat(detecting: try ImageEncoder.encode(image, as: .jpeg(quality: quality))), .jpeg)
        }
    }

    func testJPEGSidesAreLimitedTo65500() {
        let wide = RGBAImage(width: 65_501, height: 1, red: 0, green: 0, blue: 0)
        XCTAssertEqual(encodingError(wide, as: .jpeg()), .unsupportedSize(width: 65_501, height: 1, format: .jpeg))
    }

    func testFormatsReportWhatTheyWrite() {
        XCTAssertEqual(ImageEncodingFormat.jpeg().format, .jpeg)
        XCTAssertEqual(ImageEncodingFormat.png.format, .png)
    }

    func testErrorsReadAsSentences() {
        XCTAssertEqual(
            ImageEncodingError.invalidQuality(0, format: .jpeg, accepted: 1...100).description,
            "Quality 0 is outside JPEG's range (1...100).")
        for (format, message) in [
            (ImageEncodingFormat.avif(quality: 0), "Quality 0 is outside AVIF's range (1...100)."),
            (.webp(quality: 101), "Quality 101 is outside WebP's range (0...100)."),
        ] {
            XCTAssertEqual(encodingError(RGBAImage(width: 2, height: 2, red: 0, green: 0, blue: 0), as: format)?.description, message)
        }
        XCTAssertEqual(
            ImageEncodingError.unsupportedSize(width: 70_000, height: 2, format: .jpeg).localizedDescription,
            "A 70000×2 image is too large for JPEG (at most 65500 pixels a side).")
        XCTAssertEqual(
            ImageEncodingError.failed(format: .png, reason: "Invalid image width in IHDR").description,
            "PNG encoding failed: Invalid image width in IHDR.")
    }
}
