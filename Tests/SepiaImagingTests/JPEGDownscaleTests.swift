import XCTest

@testable import SepiaImaging

final class JPEGDownscaleTests: XCTestCase {

    func testChoosesTheStrongestReductionThatStillCoversTheFittedSize() {
        let cases: [(width: Int, height: Int, target: PixelSize, denominator: Int)] = [
            (1000, 750, PixelSize(width: 300, height: 200), 2),  // fits to 267×200: 1/4 would be 250×188
            (1000, 750, PixelSize(width: 250, height: 250), 4),  // fits to 250×187.5: 1/4 is 250×188
            (1000, 750, PixelSize(width: 251, height: 251), 2),  // 1/4 would be 1 pixel short
            (1000, 750, PixelSize(square: 125), 8),  // 1/8 is 125×94
            (1000, 750, PixelSize(square: 126), 4),
            (1000, 750, PixelSize(width: 2000, height: 2000), 1),  // never enlarge
            (1000, 750, PixelSize(width: 1000, height: 10), 8),  // the height decides
            (4032, 3024, PixelSize(width: 320, height: 240), 8),  // 504×378
            (4032, 3024, PixelSize(width: 640, height: 480), 4),  // 1008×756
            (1, 1, PixelSize(square: 1), 8),
        ]
        for item in cases {
            XCTAssertEqual(
                JPEGDownscale.denominator(width: item.width, height: item.height, fitting: item.target),
                item.denominator, "\(item.width)×\(item.height) into \(item.target)")
        }
    }

    /// A 1001 × 753 JPEG (odd sizes show the rounding) of a smooth picture.
    private static let largeJPEG: [UInt8] = {
        (try? ImageEncoder.encode(TestImages.smooth(width: 1001, height: 753), as: .jpeg(quality: 85))) ?? []
    }()

    private func decode(target: PixelSize?) throws -> DecodedImage {
        try ImageDecoder.decode(Self.largeJPEG, options: ImageDecodingOptions(targetSize: target))
    }

    func testDecodedSizesAreTheCeilingOfEachReduction() throws {
        for (target, denominator, width, height) in [
            (nil, 1, 1001, 753),
            (PixelSize(width: 300, height: 200), 2, 501, 377),
            (PixelSize(width: 250, height: 188), 4, 251, 189),
            (PixelSize(square: 100), 8, 126, 95),
        ] {
            let decoded = try decode(target: target)
            XCTAssertEqual(decoded.scaleDenominator, denominator)
            XCTAssertEqual(decoded.image.width, width)
            XCTAssertEqual(decoded.image.height, height)
            XCTAssertEqual(decoded.sourceWidth, 1001)
            XCTAssertEqual(decoded.sourceHeight, 753)
        }
    }

    func testScaledDecodeShowsTheSamePicture() throws {
        let full = try decode(target: nil).image
        let quarter = try decode(target: PixelSize(width: 250, height: 188)).image
        let averaged = TestImages.boxAveraged(full, by: 4)
        XCTAssertEqual(averaged.width, 250)
        XCTAssertGreaterThan(averaged.peakSignalToNoiseRatio(against: TestImages.cropped(quarter, width: 250, height: 188)), 30)
    }

    func testTargetIsReadInUprightPixelsWhenTheEXIFOrientationTurnsThePhoto() throws {
        let exif = JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: 6, bigEndian: true))
        let portrait = JPEGSegments.inserting(exif, into: Self.largeJPEG)
        // Upright the photo is 753 × 1001; a 200 × 300 box fits it to 200 × 266, so 1/2.
        let decoded = try ImageDecoder.decode(portrait, options: ImageDecodingOptions(targetSize: PixelSize(width: 200, height: 300)))
        XCTAssertEqual(decoded.scaleDenominator, 2)
        XCTAssertEqual(decoded.image.width, 377)
        XCTAssertEqual(decoded.image.height, 501)
    }

    func testPNGIgnoresTheTargetAndDecodesAtFullSize() throws {
        let png = try ImageEncoder.encode(TestImages.smooth(width: 64, height: 40), as: .png)
        let decoded = try ImageDecoder.decode(png, options: ImageDecodingOptions(targetSize: PixelSize(square: 8)))
        XCTAssertEqual(decoded.scaleDenominator, 1)
        XCTAssertEqual(decoded.image.width, 64)
    }
}
