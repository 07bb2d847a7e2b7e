import Foundation
import XCTest

@testable import SepiaImaging

final class PNGCodecTests: XCTestCase {
    // MARK: Round trips

    /// The colour type byte of the IHDR chunk (signature 8 + length 4 + type 4 + size 8 + depth 1).
    private func colorType(of png: [UInt8]) -> UInt8 { png[25] }

    func testRoundTripWithAlphaIsIdentical() throws {
        let original = TestImages.distinctPixels(width: 37, height: 23)
        let bytes = try ImageEncoder.encode(original, as: .png)
        XCTAssertEqual(ImageFormat(detecting: bytes), .png)
        XCTAssertEqual(colorType(of: bytes), PNGFileBuilder.ColorType.rgba.rawValue)
        let decoded = try ImageDecoder.decode(bytes)
        XCTAssertEqual(decoded.format, .png)
        XCTAssertEqual(decoded.image, original)
        XCTAssertEqual(decoded.warnings, [])
    }

    func testOpaqueImagesAreWrittenAsRGBAndStillRoundTrip() throws {
        let original = TestImages.smooth(width: 31, height: 9)
        let bytes = try ImageEncoder.encode(original, as: .png)
        XCTAssertEqual(colorType(of: bytes), PNGFileBuilder.ColorType.rgb.rawValue)
        XCTAssertEqual(try ImageDecoder.decode(Data(bytes)).image, original)
    }

    func testPaddedRowsEncodeLikeTightOnes() throws {
        let image = TestImages.distinctPixels(width: 19, height: 7)
        XCTAssertEqual(
            try ImageEncoder.encode(TestImages.padded(image, by: 4), as: .png),
            try ImageEncoder.encode(image, as: .png)
        )
    }

    // MARK: Every kind of input comes out RGBA8

    /// Decodes a file built by `builder` and returns its pixels as [r, g, b, a] arrays.
    private func decodedPixels(
        _ builder: PNGFileBuilder, _ samples: [Int], file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> [[UInt8]] {
        let image = try ImageDecoder.decode(builder.build(samples: samples)).image
        XCTAssertEqual(image.width, builder.width, file: file, line: line)
        XCTAssertEqual(image.height, builder.height, file: file, line: line)
        return stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) }
    }

    func testGray8() throws {
        let png = PNGFileBuilder(width: 4, height: 1, bitDepth: 8, colorType: .gray)
        XCTAssertEqual(
            try decodedPixels(png, [0, 1, 128, 255]),
            [[0, 0, 0, 255], [1, 1, 1, 255], [128, 128, 128, 255], [255, 255, 255, 255]])
    }

    func testGray16IsScaledNotLinearised() throws {
        // round(v / 257): 2304 is 9. Converting as if linear light (libpng's simplified API) gives 56.
        let png = PNGFileBuilder(width: 6, height: 1, bitDepth: 16, colorType: .gray)
        let grays = try decodedPixels(png, [0, 2304, 1000, 32896, 60000, 65535]).map(\.[0])
        XCTAssertEqual(grays, [0, 9, 4, 128, 233, 255])
    }

    func testLowBitDepthGrayIsStretchedToFullRange() throws {
        for (depth, samples, expected) in [
            (1, [0, 1, 1, 0], [0, 255, 255, 0]),
            (2, [0, 1, 2, 3], [0, 85, 170, 255]),
            (4, [0, 5, 10, 15], [0, 85, 170, 255]),
        ] {
            let png = PNGFileBuilder(width: 4, height: 1, bitDepth: depth, colorType: .gray)
            XCTAssertEqual(
                try decodedPixels(png, samples), expected.map { [UInt8($0), UInt8($0), UInt8($0), 255] },
                "\(depth)-bit gray")
        }
    }

    func testGrayWithTransparentValue() throws {
        var png = PNGFileBuilder(width: 3, height: 1, bitDepth: 8, colorType: .gray)
        png.transparency = [0, 50]
        XCTAssertEqual(try decodedPixels(png, [49, 50, 51]), [[49, 49, 49, 255], [50, 50, 50, 0], [51, 51, 51, 255]])
    }

    func testGrayAlpha8And16() throws {
        let eight = PNGFileBuilder(width: 2, height: 1, bitDepth: 8, colorType: .grayAlpha)
        XCTAssertEqual(try decodedPixels(eight, [10, 0, 200, 128]), [[10, 10, 10, 0], [200, 200, 200, 128]])
        let sixteen = PNGFileBuilder(width: 2, height: 1, bitDepth: 16, colorType: .grayAlpha)
        XCTAssertEqual(try decodedPixels(sixteen, [2304, 65535, 65535, 32896]), [[9, 9, 9, 255], [255, 255, 255, 128]])
    }

    func testPaletteWithPartialTransparency() throws {
        var png = PNGFileBuilder(width: 4, height: 1, bitDepth: 8, colorType: .palette)
        png.palette = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [9, 8, 7]]
        png.transparency = [0, 128]  // entries past the end of tRNS stay opaque
        XCTAssertEqual(
            try decodedPixels(png, [0, 1, 2, 3]),
            [[255, 0, 0, 0], [0, 255, 0, 128], [0, 0, 255, 255], [9, 8, 7, 255]])
    }

    func testLowBitDepthPaletteWithoutTransparency() throws {
        var png = PNGFileBuilder(width: 5, height: 1, bitDepth: 2, colorType: .palette)
        png.palette = [[1, 2, 3], [40, 50, 60], [200, 100, 0], [255, 255, 255]]
        XCTAssertEqual(
            try decodedPixels(png, [3, 2, 1, 0, 2]),
            [[255, 255, 255, 255], [200, 100, 0, 255], [40, 50, 60, 255], [1, 2, 3, 255], [200, 100, 0, 255]])
    }

    func testRGB8WithTransparentColourAndRGB16() throws {
        var eight = PNGFileBuilder(width: 2, height: 1, bitDepth: 8, colorType: .rgb)
        eight.transparency = [0, 1, 0, 2, 0, 3]
        XCTAssertEqual(try decodedPixels(eight, [1, 2, 3, 1, 2, 4]), [[1, 2, 3, 0], [1, 2, 4, 255]])
        let sixteen = PNGFileBuilder(width: 1, height: 1, bitDepth: 16, colorType: .rgb)
        XCTAssertEqual(try decodedPixels(sixteen, [2304, 32896, 65535]), [[9, 128, 255, 255]])
    }

    func testRGBA16() throws {
        let png = PNGFileBuilder(width: 1, height: 1, bitDepth: 16, colorType: .rgba)
        XCTAssertEqual(try decodedPixels(png, [65535, 2304, 0, 32896]), [[255, 9, 0, 128]])
    }

    func testInterlacedImagesMatchTheirSamples() throws {
        for (width, height) in [(1, 1), (3, 5), (9, 10), (17, 13)] {
            let samples = TestImages.noise(count: width * height * 4, seed: UInt64(width * 100 + height)).map(Int.init)
            var png = PNGFileBuilder(width: width, height: height, bitDepth: 8, colorType: .rgba)
            png.interlaced = true
            let expected = stride(from: 0, to: samples.count, by: 4).map { samples[$0..<$0 + 4].map(UInt8.init) }
            XCTAssertEqual(try decodedPixels(png, samples), expected, "\(width)×\(height) Adam7")
        }
    }

    func testInterlacedLowBitDepthGray() throws {
        var png = PNGFileBuilder(width: 11, height: 6, bitDepth: 2, colorType: .gray)
        png.interlaced = true
        let samples = (0..<66).map { ($0 * 7 + $0 / 11) % 4 }
        XCTAssertEqual(try decodedPixels(png, samples).map(\.[0]), samples.map { UInt8($0 * 85) })
    }
}
