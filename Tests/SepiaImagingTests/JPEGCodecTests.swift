import Foundation
import XCTest

@testable import SepiaImaging

final class JPEGCodecTests: XCTestCase {
    func testRoundTripAtQuality90KeepsSmoothImagesClose() throws {
        let original = TestImages.smooth(width: 160, height: 120)
        let bytes = try ImageEncoder.encode(original, as: .jpeg(quality: 90))
        XCTAssertEqual(ImageFormat(detecting: bytes), .jpeg)

        let decoded = try ImageDecoder.decode(bytes)
        XCTAssertEqual(decoded.format, .jpeg)
        XCTAssertEqual(decoded.image.width, 160)
        XCTAssertEqual(decoded.image.height, 120)
        XCTAssertEqual(decoded.scaleDenominator, 1)
        XCTAssertEqual(decoded.orientation, .up)
        XCTAssertEqual(decoded.warnings, [])
        XCTAssertTrue(decoded.image.isOpaque)
        XCTAssertGreaterThan(original.peakSignalToNoiseRatio(against: decoded.image), 30)
    }

    func testLowerQualityGivesSmallerFilesAndLowerFidelity() throws {
        let original = TestImages.smooth(width: 128, height: 96)
        let low = try ImageEncoder.encode(original, as: .jpeg(quality: 20))
        let high = try ImageEncoder.encode(original, as: .jpeg(quality: 95))
        XCTAssertLessThan(low.count, high.count)
        let lowPSNR = original.peakSignalToNoiseRatio(against: try ImageDecoder.decode(low).image)
        let highPSNR = original.peakSignalToNoiseRatio(against: try ImageDecoder.decode(high).image)
        XCTAssertLessThan(lowPSNR, highPSNR)
    }

    func testDefaultQualityIs90AndChromaIsSubsampled420() throws {
        let image = TestImages.smooth(width: 40, height: 24)
        let byDefault = try ImageEncoder.encode(image, as: .jpeg())
        XCTAssertEqual(byDefault, try ImageEncoder.encode(image, as: .jpeg(quality: 90)))
        XCTAssertEqual(JPEGSegments.firstComponentSampling(in: byDefault), 0x22, "luma 2×2 against chroma 1×1")
    }

    func testAlphaIsDroppedNotComposited() throws {
        let transparentRed = RGBAImage(width: 16, height: 16, red: 250, green: 10, blue: 10, alpha: 0)
        let decoded = try ImageDecoder.decode(ImageEncoder.encode(transparentRed, as: .jpeg(quality: 95))).image
        let pixel = decoded.pixel(x: 8, y: 8)
        XCTAssertEqual(pixel.alpha, 255)
        XCTAssertGreaterThan(pixel.red, 235)
        XCTAssertLessThan(pixel.green, 25)
    }

    func testPaddedRowsEncodeLikeTightOnes() throws {
        let image = TestImages.smooth(width: 33, height: 17)
        XCTAssertEqual(
            try ImageEncoder.encode(TestImages.padded(image, by: 12), as: .jpeg(quality: 80)),
            try ImageEncoder.encode(image, as: .jpeg(quality: 80))
        )
    }

    func testDecodesFromDataAndArraysAlike() throws {
        let bytes = try ImageEncoder.encode(TestImages.smooth(width: 24, height: 16), as: .jpeg())
        XCTAssertEqual(try ImageDecoder.decode(Data(bytes)), try ImageDecoder.decode(bytes))
    }

    func testGrayscaleJPEGComesOutAsGreyRGBA() throws {
        let values: [UInt8] = [0, 37, 128, 200, 255, 90]
        let jpeg = FlatBlockJPEGBuilder(width: 24, height: 16, components: 1).build { _, x, y in values[y * 3 + x] }
        let image = try ImageDecoder.decode(jpeg).image
        for blockY in 0..<2 {
            for blockX in 0..<3 {
                let pixel = image.pixel(x: blockX * 8 + 3, y: blockY * 8 + 4)
                let value = values[blockY * 3 + blockX]
                XCTAssertEqual([pixel.red, pixel.green, pixel.blue, pixel.alpha], [value, value, value, 255])
            }
        }
    }

    func testProgressiveJPEGDecodes() throws {
        // One flat colour: libjpeg's block smoothing of DC-only progressive data leaves it alone.
        let ycbcr: [UInt8] = [100, 120, 140]
        let jpeg = FlatBlockJPEGBuilder(width: 16, height: 8, components: 3, progressive: true)
            .build { component, _, _ in ycbcr[component] }
        let image = try ImageDecoder.decode(jpeg).image
        // JFIF: R = Y + 1.402 (Cr − 128), G = Y − 0.344 (Cb − 128) − 0.714 (Cr − 128), B = Y + 1.772 (Cb − 128).
        for x in [2, 13] {
            let pixel = image.pixel(x: x, y: 5)
            XCTAssertEqual(Int(pixel.red), 117, accuracy: 1)
            XCTAssertEqual(Int(pixel.green), 94, accuracy: 1)
            XCTAssertEqual(Int(pixel.blue), 86, accuracy: 1)
        }
    }

    /// CMYK values of four blocks, as stored in the file.
    private let cmykBlocks: [[UInt8]] = [[0, 0, 0, 0], [255, 0, 0, 0], [40, 200, 90, 30], [255, 255, 255, 255]]

    private func expectedRGB(_ cmyk: [UInt8], storedInverted: Bool) -> [Int] {
        let factors = cmyk.map { storedInverted ? Double($0) / 255 : 1 - Double($0) / 255 }
        return (0..<3).map { Int((255 * factors[$0] * factors[3]).rounded()) }
    }

    func testPlainCMYKJPEGIsConvertedToRGB() throws {
        let jpeg = FlatBlockJPEGBuilder(width: 32, height: 8, components: 4).build { c, x, _ in cmykBlocks[x][c] }
        let image = try ImageDecoder.decode(jpeg).image
        for (block, cmyk) in cmykBlocks.enumerated() {
            let pixel = image.pixel(x: block * 8 + 4, y: 4)
            XCTAssertEqual([Int(pixel.red), Int(pixel.green), Int(pixel.blue)], expectedRGB(cmyk, storedInverted: false))
            XCTAssertEqual(pixel.alpha, 255)
        }
        XCTAssertEqual(image.pixel(x: 4, y: 4).red, 255, "no ink is white")
    }

    func testAdobeInvertedCMYKJPEGIsConvertedToRGB() throws {
        let jpeg = FlatBlockJPEGBuilder(width: 32, height: 8, components: 4, adobeTransform: 0)
            .build { c, x, _ in cmykBlocks[x][c] }
        let image = try ImageDecoder.decode(jpeg).image
        for (block, cmyk) in cmykBlocks.enumerated() {
            let pixel = image.pixel(x: block * 8 + 4, y: 4)
            XCTAssertEqual([Int(pixel.red), Int(pixel.green), Int(pixel.blue)], expectedRGB(cmyk, storedInverted: true))
        }
        XCTAssertEqual(image.pixel(x: 4, y: 4).red, 0, "stored 0 in an Adobe file is full ink: black")
        XCTAssertEqual(image.pixel(x: 28, y: 4).red, 255, "stored 255 in an Adobe file is no ink: white")
    }

    func testAdobeYCCKJPEGIsConvertedToRGB() throws {
        // YCCK stores the CMY of (inverted) CMYK as YCbCr of (255 − C, 255 − M, 255 − Y).
        func ycck(_ cmyk: [UInt8]) -> [UInt8] {
            let r = 255 - Double(cmyk[0]), g = 255 - Double(cmyk[1]), b = 255 - Double(cmyk[2])
            let y = 0.299 * r + 0.587 * g + 0.114 * b
            let cb = -0.168_736 * r - 0.331_264 * g + 0.5 * b + 128
            let cr = 0.5 * r - 0.418_688 * g - 0.081_312 * b + 128
            return [y, cb, cr].map { UInt8(clamping: Int($0.rounded())) } + [cmyk[3]]
        }
        let jpeg = FlatBlockJPEGBuilder(width: 32, height: 8, components: 4, adobeTransform: 2)
            .build { c, x, _ in ycck(cmykBlocks[x])[c] }
        let image = try ImageDecoder.decode(jpeg).image
        for (block, cmyk) in cmykBlocks.enumerated() {
            let pixel = image.pixel(x: block * 8 + 4, y: 4)
            let expected = expectedRGB(cmyk, storedInverted: true)
            XCTAssertEqual(Int(pixel.red), expected[0], accuracy: 3)
            XCTAssertEqual(Int(pixel.green), expected[1], accuracy: 3)
            XCTAssertEqual(Int(pixel.blue), expected[2], accuracy: 3)
        }
    }

    func testConcurrentDecodesAgree() throws {
        let bytes = try ImageEncoder.encode(TestImages.smooth(width: 64, height: 48), as: .jpeg())
        let expected = try ImageDecoder.decode(bytes)
        let results = ResultsBox(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            results.set(index, try? ImageDecoder.decode(bytes))
        }
        XCTAssertEqual(results.values, [DecodedImage?](repeating: expected, count: 8))
    }
}

/// Collects results written from several threads.
private final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [DecodedImage?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: DecodedImage?) { lock.withLock { storage[index] = value } }

    var values: [DecodedImage?] { lock.withLock { storage } }
}
