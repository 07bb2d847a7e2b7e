import XCTest

@testable import SepiaImaging

/// WebP files made at test time with libwebp's own tools (cwebp, gif2webp, webpmux), decoded
/// by Sepia and checked against the source pixels and against dwebp.
final class WebPDecoderTests: XCTestCase {
    private var tools: ImageTools!

    override func setUpWithError() throws {
        tools = try ImageTools()
    }

    override func tearDown() {
        tools = nil
    }

    /// `image` written as PNG and turned into WebP by cwebp with `options`.
    private func cwebp(_ image: RGBAImage, _ options: [String]) throws -> [UInt8] {
        try tools.writePNG(image, as: "source.png")
        return try tools.make("out.webp", with: "cwebp", ["-quiet"] + options + ["source.png", "-o", "out.webp"])
    }

    private func decodingError(_ bytes: [UInt8], options: ImageDecodingOptions = .init()) -> ImageDecodingError? {
        do {
            _ = try ImageDecoder.decode(bytes, options: options)
            return nil
        } catch {
            return error as? ImageDecodingError
        }
    }

    func testLosslessWebPDecodesToTheExactSourcePixelsAlphaIncluded() throws {
        let source = TestImages.distinctPixels(width: 64, height: 48)
        let decoded = try ImageDecoder.decode(cwebp(source, ["-lossless", "-exact"]))
        XCTAssertEqual(decoded.format, .webp)
        XCTAssertEqual(decoded.image, source)
        XCTAssertEqual(decoded.orientation, .up)
        XCTAssertNil(decoded.sourceColorProfile)
    }

    func testLossyWebPIsCloseToTheSourceAndIdenticalToDwebp() throws {
        let source = TestImages.smooth(width: 96, height: 64)
        let webp = try cwebp(source, ["-q", "90"])
        let decoded = try ImageDecoder.decode(webp)
        XCTAssertEqual(decoded.image.size, source.size)
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: source), 2.0)
        XCTAssertTrue(decoded.image.isOpaque)
        try tools.write(webp, as: "lossy.webp")
        XCTAssertEqual(decoded.image, try tools.decodeWithTool("lossy.webp"))
    }

    func testLossyWebPKeepsItsAlphaChannel() throws {
        let source = TestImages.distinctPixels(width: 40, height: 32)
        let decoded = try ImageDecoder.decode(cwebp(source, ["-q", "80", "-alpha_q", "100"]))
        XCTAssertEqual(
            decoded.image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element),
            source.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        XCTAssertFalse(decoded.image.isOpaque)
    }

    func testEXIFOrientationIsAppliedWithOrWithoutTheExifPrefix() throws {
        let source = TestImages.distinctPixels(width: 30, height: 20)
        try tools.write(cwebp(source, ["-lossless"]), as: "plain.webp")
        let tiff = JPEGSegments.exifTIFF(orientation: EXIFOrientation.right.rawValue, bigEndian: false)
        for (name, payload) in [("bare", tiff), ("prefixed", Array("Exif".utf8) + [0, 0] + tiff)] {
            try tools.write(payload, as: "\(name).exif")
            let webp = try tools.make(
                "\(name).webp", with: "webpmux", ["-set", "exif", "\(name).exif", "plain.webp", "-o", "\(name).webp"])
            let decoded = try ImageDecoder.decode(webp)
            XCTAssertEqual(decoded.orientation, .right, name)
            XCTAssertEqual(decoded.image, source.applyingOrientation(.right), name)
            XCTAssertEqual(decoded.sourceWidth, 30, name)
            let stored = try ImageDecoder.decode(webp, options: .init(appliesEXIFOrientation: false))
            XCTAssertEqual(stored.image, source, name)
            XCTAssertEqual(stored.orientation, .right, name)
        }
    }

    func testTheICCPChunkIsReportedAsFound() throws {
        let profile = TestImages.noise(count: 600, seed: 7)
        try tools.write(cwebp(TestImages.smooth(width: 32, height: 32), ["-q", "75"]), as: "plain.webp")
        try tools.write(profile, as: "profile.icc")
        let webp = try tools.make("icc.webp", with: "webpmux", ["-set", "icc", "profile.icc", "plain.webp", "-o", "icc.webp"])
        XCTAssertEqual(try ImageDecoder.decode(webp).sourceColorProfile, profile)
    }

    func testAnAnimatedWebPDecodesItsFirstFrame() throws {
        try tools.writePNG(RGBAImage(width: 20, height: 10, red: 255, green: 0, blue: 0), as: "red.png")
        try tools.writePNG(RGBAImage(width: 20, height: 10, red: 0, green: 0, blue: 255), as: "blue.png")
        try tools.run("convert", ["-delay", "10", "red.png", "blue.png", "animated.gif"])
        for lossy in [false, true] {
            let webp = try tools.make(
                "animated.webp", with: "gif2webp", ["-quiet"] + (lossy ? ["-lossy"] : []) + ["animated.gif", "-o", "animated.webp"])
            let decoded = try ImageDecoder.decode(webp, options: .init(targetSize: PixelSize(width: 5, height: 5)))
            XCTAssertEqual(decoded.image.size, PixelSize(width: 20, height: 10), "an animation is decoded at full size")
            let red = RGBAImage(width: 20, height: 10, red: 255, green: 0, blue: 0)
            XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: red), lossy ? 3 : 0.001)
            XCTAssertTrue(decoded.image.isOpaque)
        }
    }

    func testTargetSizeDecodesStraightToTheAspectFitSize() throws {
        let source = TestImages.smooth(width: 400, height: 300)
        let webp = try cwebp(source, ["-lossless"])
        let box = PixelSize(width: 100, height: 100)
        let scaled = try ImageDecoder.decode(webp, options: .init(targetSize: box))
        XCTAssertEqual(scaled.image.size, PixelSize(width: 100, height: 75))
        XCTAssertEqual(scaled.scaleDenominator, 1)
        XCTAssertEqual(scaled.sourceWidth, 400)
        XCTAssertEqual(scaled.image.resized(toFit: box), scaled.image, "a later fit into the box changes nothing")
        XCTAssertLessThan(scaled.image.meanAbsoluteDifference(against: source.resized(toFit: box)), 2.0)
        let small = try ImageDecoder.decode(webp, options: .init(targetSize: PixelSize(width: 1000, height: 1000)))
        XCTAssertEqual(small.image, source, "an image that fits is never enlarged")
    }

    func testTargetSizeIsReadInUprightPixels() throws {
        try tools.write(cwebp(TestImages.smooth(width: 400, height: 200), ["-lossless"]), as: "plain.webp")
        try tools.write(JPEGSegments.exifTIFF(orientation: EXIFOrientation.left.rawValue, bigEndian: true), as: "left.exif")
        let webp = try tools.make("left.webp", with: "webpmux", ["-set", "exif", "left.exif", "plain.webp", "-o", "left.webp"])
        let decoded = try ImageDecoder.decode(webp, options: .init(targetSize: PixelSize(width: 50, height: 100)))
        XCTAssertEqual(decoded.image.size, PixelSize(width: 50, height: 100))
    }

    func testAHugeCanvasIsRefusedFromTheHeader() throws {
        try tools.run("convert", ["-size", "4000x4000", "xc:gray", "huge.png"])
        let webp = try tools.make("huge.webp", with: "cwebp", ["-quiet", "huge.png", "-o", "huge.webp"])
        XCTAssertLessThan(webp.count, 100_000)
        XCTAssertEqual(
            decodingError(webp, options: .init(pixelLimit: 1_000_000)), .tooLarge(width: 4000, height: 4000, limit: 1_000_000))
        XCTAssertEqual(
            decodingError(webp, options: .init(targetSize: PixelSize(width: 10, height: 10), pixelLimit: 1_000_000)),
            .tooLarge(width: 4000, height: 4000, limit: 1_000_000), "the limit holds for the stored canvas")
    }

    func testTruncatedWebPIsReportedAsTruncated() throws {
        for options in [["-q", "80"], ["-lossless"]] {
            let webp = try cwebp(TestImages.smooth(width: 64, height: 64), options)
            for length in [12, 20, 30, webp.count / 2, webp.count - 1] {
                XCTAssertEqual(decodingError(Array(webp.prefix(length))), .truncated(format: .webp), "\(options) \(length) bytes")
            }
        }
    }

    func testACorruptBitstreamIsReportedWithAReason() throws {
        let lossy = try cwebp(TestImages.smooth(width: 64, height: 64), ["-q", "80"])
        let startCode = try XCTUnwrap(index(of: [0x9D, 0x01, 0x2A], in: lossy))
        var badLossy = lossy
        badLossy[startCode] = 0x00
        let lossless = try cwebp(TestImages.smooth(width: 64, height: 64), ["-lossless"])
        let signature = try XCTUnwrap(index(of: Array("VP8L".utf8), in: lossless)) + 8
        var badLossless = lossless
        badLossless[signature] = 0x00
        var badContainer = lossy
        badContainer[15] = UInt8(ascii: "?")  // "VP8 " becomes an unknown first chunk
        for (name, bytes) in [("lossy", badLossy), ("lossless", badLossless), ("container", badContainer)] {
            guard case .corrupt(.webp, let reason)? = decodingError(bytes) else {
                return XCTFail("\(name): expected a corrupt WebP error, got \(String(describing: decodingError(bytes)))")
            }
            XCTAssertFalse(reason.isEmpty, name)
        }
    }

    func testEveryPrefixOfAnAnimationDecodesOrFailsCleanly() throws {
        try tools.writePNG(TestImages.distinctPixels(width: 12, height: 8), as: "one.png")
        try tools.writePNG(RGBAImage(width: 12, height: 8, red: 9, green: 9, blue: 9), as: "two.png")
        try tools.run("convert", ["-delay", "10", "one.png", "two.png", "animated.gif"])
        let webp = try tools.make("animated.webp", with: "gif2webp", ["-quiet", "animated.gif", "-o", "animated.webp"])
        for length in 1..<webp.count {
            XCTAssertNotNil(decodingError(Array(webp.prefix(length))), "\(length) bytes")
        }
    }

    private func index(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
