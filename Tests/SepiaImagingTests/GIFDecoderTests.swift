import XCTest

@testable import SepiaImaging

/// GIF files made at test time with ImageMagick and gifsicle, decoded by Sepia (giflib) and
/// checked pixel for pixel: GIF is lossless for images of at most 256 colours.
final class GIFDecoderTests: XCTestCase {
    private var tools: ImageTools!

    override func setUpWithError() throws {
        tools = try ImageTools()
    }

    override func tearDown() {
        tools = nil
    }

    /// An opaque image of 12 flat colour blocks: few enough colours for a GIF palette.
    private func blocks(width: Int = 48, height: Int = 36) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, red: 0, green: 0, blue: 0)
        for y in 0..<height {
            for x in 0..<width {
                let block = (x * 4 / width) + 4 * (y * 3 / height)
                image.setPixel(x: x, y: y, red: UInt8(block * 20), green: UInt8(255 - block * 17), blue: UInt8(block % 3 * 100))
            }
        }
        return image
    }

    private func gif(_ image: RGBAImage, _ options: [String] = []) throws -> [UInt8] {
        try tools.writePNG(image, as: "source.png")
        return try tools.make("out.gif", with: "convert", ["source.png"] + options + ["out.gif"])
    }

    private func decodingError(_ bytes: [UInt8], options: ImageDecodingOptions = .init()) -> ImageDecodingError? {
        do {
            _ = try ImageDecoder.decode(bytes, options: options)
            return nil
        } catch {
            return error as? ImageDecodingError
        }
    }

    func testAPaletteImageDecodesExactly() throws {
        let source = blocks()
        let decoded = try ImageDecoder.decode(gif(source))
        XCTAssertEqual(decoded.format, .gif)
        XCTAssertEqual(decoded.image, source)
        XCTAssertEqual(decoded.orientation, .up)
    }

    func testAnInterlacedGIFDecodesExactly() throws {
        let source = blocks(width: 37, height: 29)
        try tools.write(gif(source), as: "plain.gif")
        let interlaced = try tools.make("interlaced.gif", with: "gifsicle", ["--interlace", "plain.gif", "-o", "interlaced.gif"])
        let info = String(decoding: try tools.run("gifsicle", ["--info", "interlaced.gif"]), as: UTF8.self)
        XCTAssertTrue(info.contains("interlaced"), info)
        XCTAssertEqual(try ImageDecoder.decode(interlaced).image, source)
    }

    func testTheTransparentIndexLeavesTheScreenTransparent() throws {
        var source = blocks()
        for y in 5..<15 {
            for x in 10..<30 { source.setPixel(x: x, y: y, red: 0, green: 0, blue: 0, alpha: 0) }
        }
        let decoded = try ImageDecoder.decode(gif(source)).image
        XCTAssertEqual(decoded.pixel(x: 12, y: 7).alpha, 0)
        XCTAssertEqual(decoded.pixel(x: 40, y: 30).alpha, 255)
        for y in 0..<source.height {
            for x in 0..<source.width where source.pixel(x: x, y: y).alpha == 255 {
                XCTAssertTrue(decoded.pixel(x: x, y: y) == source.pixel(x: x, y: y), "pixel \(x), \(y)")
            }
        }
    }

    func testAnAnimationDecodesItsFirstFrame() throws {
        try tools.writePNG(blocks(), as: "one.png")
        try tools.writePNG(RGBAImage(width: 48, height: 36, red: 0, green: 0, blue: 255), as: "two.png")
        let animated = try tools.make("animated.gif", with: "convert", ["-delay", "10", "one.png", "two.png", "animated.gif"])
        XCTAssertEqual(try ImageDecoder.decode(animated).image, blocks())
    }

    func testAFrameSmallerThanTheScreenIsPlacedAtItsPositionOnATransparentScreen() throws {
        let source = blocks(width: 20, height: 10)
        try tools.write(gif(source), as: "small.gif")
        let placed = try tools.make(
            "placed.gif", with: "gifsicle", ["--logical-screen", "40x30", "--position", "7,5", "small.gif", "-o", "placed.gif"])
        let decoded = try ImageDecoder.decode(placed)
        XCTAssertEqual(decoded.image.size, PixelSize(width: 40, height: 30))
        XCTAssertTrue(decoded.image.pixel(x: 0, y: 0) == (0, 0, 0, 0))
        XCTAssertTrue(decoded.image.pixel(x: 39, y: 29) == (0, 0, 0, 0))
        for y in 0..<10 {
            for x in 0..<20 {
                XCTAssertTrue(decoded.image.pixel(x: x + 7, y: y + 5) == source.pixel(x: x, y: y), "pixel \(x), \(y)")
            }
        }
    }

    func testAHugeLogicalScreenIsRefusedBeforeDecoding() throws {
        try tools.write(gif(blocks()), as: "small.gif")
        let huge = try tools.make("huge.gif", with: "gifsicle", ["--logical-screen", "5000x4000", "small.gif", "-o", "huge.gif"])
        XCTAssertEqual(
            decodingError(huge, options: .init(pixelLimit: 1_000_000)), .tooLarge(width: 5000, height: 4000, limit: 1_000_000))
    }

    func testAFrameLargerThanThePixelLimitIsRefusedBeforeItsDataIsRead() throws {
        // Logical screen 4x4, but the image descriptor announces 60000x60000 pixels.
        var bytes = Array("GIF89a".utf8) + [4, 0, 4, 0, 0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
        bytes += [0x2C, 0, 0, 0, 0, 0x60, 0xEA, 0x60, 0xEA, 0, 2, 0x02, 0x4C, 0x01, 0, 0x3B]
        guard case .corrupt(.gif, let reason)? = decodingError(bytes, options: .init(pixelLimit: 1_000_000)) else {
            return XCTFail("expected a corrupt GIF error, got \(String(describing: decodingError(bytes)))")
        }
        XCTAssertTrue(reason.contains("60000x60000"), reason)
    }

    func testTruncatedGIFIsReportedAsTruncated() throws {
        let bytes = try gif(TestImages.distinctPixels(width: 40, height: 40), ["-colors", "200"])
        for length in [8, 13, bytes.count / 2, bytes.count - 3] {
            XCTAssertEqual(decodingError(Array(bytes.prefix(length))), .truncated(format: .gif), "\(length) bytes")
        }
    }

    func testAGIFWithoutAnImageOrWithBadImageDataIsCorrupt() throws {
        let screen = Array("GIF89a".utf8) + [4, 0, 4, 0, 0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
        XCTAssertEqual(decodingError(screen + [0x3B]), .corrupt(format: .gif, reason: "the file ends without an image"))
        // A frame whose LZW codes refer to table entries that do not exist yet.
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0, 2, 4, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0x3B]
        guard case .corrupt(.gif, let reason)? = decodingError(screen + frame) else {
            return XCTFail("expected a corrupt GIF error, got \(String(describing: decodingError(screen + frame)))")
        }
        XCTAssertFalse(reason.isEmpty)
    }

    func testEveryPrefixOfAGIFDecodesOrFailsCleanly() throws {
        let bytes = try gif(blocks(width: 12, height: 8), ["-interlace", "GIF"])
        for length in 6..<bytes.count - 1 {
            XCTAssertNotNil(decodingError(Array(bytes.prefix(length))), "\(length) bytes")
        }
    }
}
