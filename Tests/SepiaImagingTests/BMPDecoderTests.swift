import XCTest

@testable import SepiaImaging

/// BMP files made at test time with ImageMagick (each depth and header it writes) and byte by
/// byte (`BMPFileBuilder`: RLE4, BI_RGB 16 and 32 bits, top-down rows, lying headers), decoded
/// by Sepia's own BMP decoder.
final class BMPDecoderTests: XCTestCase {
    private var tools: ImageTools!

    override func setUpWithError() throws {
        tools = try ImageTools()
    }

    override func tearDown() {
        tools = nil
    }

    /// `image` converted by ImageMagick with `options` into the BMP `output` ("BMP3:out.bmp").
    private func convert(_ image: RGBAImage, _ options: [String], to output: String = "BMP3:out.bmp") throws -> [UInt8] {
        try tools.writePNG(image, as: "source.png")
        try tools.run("convert", ["source.png"] + options + [output])
        return try tools.read("out.bmp")
    }

    /// An opaque image of at most `colors` flat vertical stripes (black and white for 2).
    private func stripes(_ colors: Int, width: Int = 37, height: Int = 21) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, red: 0, green: 0, blue: 0)
        for y in 0..<height {
            for x in 0..<width {
                let stripe = x * colors / width
                let level = UInt8(stripe * 255 / max(colors - 1, 1))
                let green = colors == 2 ? level : UInt8(stripe * 37 % 256)
                image.setPixel(x: x, y: y, red: level, green: green, blue: colors == 2 ? level : 255 - level)
            }
        }
        return image
    }

    private func decodingError(_ bytes: [UInt8], options: ImageDecodingOptions = .init()) -> ImageDecodingError? {
        do {
            _ = try ImageDecoder.decode(bytes, options: options)
            return nil
        } catch {
            return error as? ImageDecodingError
        }
    }

    private func infoHeader(_ bytes: [UInt8]) -> (size: Int, bits: Int, compression: Int) {
        let read = { (offset: Int, count: Int) in (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } }
        let size = read(14, 4)
        return size == 12 ? (size, read(24, 2), 0) : (size, read(28, 2), read(30, 4))
    }

    func testTrueColourBMPsDecodeExactly() throws {
        let source = TestImages.distinctPixels(width: 33, height: 17)
        let opaque = RGBAImage(width: 33, height: 17) { buffer in
            for index in 0..<buffer.count { buffer[index] = index % 4 == 3 ? 255 : source.pixels[index] }
        }
        let bmp = try convert(opaque, ["-type", "TrueColor"])
        XCTAssertTrue(infoHeader(bmp) == (40, 24, 0))
        let decoded = try ImageDecoder.decode(bmp)
        XCTAssertEqual(decoded.format, .bmp)
        XCTAssertEqual(decoded.image, opaque)
    }

    func testThirtyTwoBitBitfieldsWithAnAlphaMaskKeepAlpha() throws {
        let source = TestImages.distinctPixels(width: 21, height: 13)
        let bmp = try convert(source, ["-type", "TrueColorAlpha"], to: "BMP:out.bmp")
        XCTAssertTrue(infoHeader(bmp) == (124, 32, 3))
        XCTAssertEqual(try ImageDecoder.decode(bmp).image, source)
    }

    func testPaletteBMPsOfEightFourAndOneBitsDecodeExactly() throws {
        for (colors, bits) in [(200, 8), (16, 4), (2, 1)] {
            let source = stripes(colors)
            let options = bits == 1 ? ["-type", "Bilevel"] : ["-type", "Palette", "-colors", "\(colors)"]
            let bmp = try convert(source, options)
            XCTAssertEqual(infoHeader(bmp).bits, bits)
            XCTAssertEqual(try ImageDecoder.decode(bmp).image, source, "\(bits)-bit")
        }
    }

    func testRLE8AndTheOS2CoreHeaderDecodeExactly() throws {
        let source = stripes(40)
        let rle = try convert(source, ["-type", "Palette", "-compress", "RLE"])
        XCTAssertTrue(infoHeader(rle) == (40, 8, 1))
        XCTAssertEqual(try ImageDecoder.decode(rle).image, source)
        let core = try convert(source, [], to: "BMP2:out.bmp")
        XCTAssertEqual(infoHeader(core).size, 12)
        XCTAssertEqual(try ImageDecoder.decode(core).image, source)
    }

    func testSixteenBitBitfieldsMatchImageMagicksOwnReading() throws {
        for subtype in ["RGB565", "RGB555"] {
            let source = TestImages.smooth(width: 40, height: 24)
            let bmp = try convert(source, ["-define", "bmp:subtype=\(subtype)"], to: "BMP:out.bmp")
            XCTAssertTrue(infoHeader(bmp) == (124, 16, 3), subtype)
            let decoded = try ImageDecoder.decode(bmp).image
            XCTAssertLessThan(decoded.meanAbsoluteDifference(against: source), 6, "\(subtype): 5 or 6 bits a channel")
            XCTAssertLessThanOrEqual(decoded.meanAbsoluteDifference(against: try tools.decodeWithTool("out.bmp")), 0.5, subtype)
        }
    }

    func testBIRGBSixteenAndThirtyTwoBitsAndTopDownRows() throws {
        // 2x2, 16-bit 5-5-5: red, green / blue, white; rows padded to 4 bytes; bottom row first.
        var builder = BMPFileBuilder(width: 2, height: 2, bitsPerPixel: 16)
        builder.pixelData = [0x1F, 0x00, 0xFF, 0x7F, 0x00, 0x7C, 0xE0, 0x03]
        var image = try ImageDecoder.decode(builder.bytes).image
        XCTAssertTrue(image.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        XCTAssertTrue(image.pixel(x: 1, y: 0) == (0, 255, 0, 255))
        XCTAssertTrue(image.pixel(x: 0, y: 1) == (0, 0, 255, 255))
        XCTAssertTrue(image.pixel(x: 1, y: 1) == (255, 255, 255, 255))

        // 32-bit BI_RGB: the fourth byte is unused, so the image is opaque; stored top-down.
        builder = BMPFileBuilder(width: 1, height: 2, bitsPerPixel: 32)
        builder.topDown = true
        builder.pixelData = [10, 20, 30, 0, 40, 50, 60, 7]
        image = try ImageDecoder.decode(builder.bytes).image
        XCTAssertTrue(image.pixel(x: 0, y: 0) == (30, 20, 10, 255))
        XCTAssertTrue(image.pixel(x: 0, y: 1) == (60, 50, 40, 255))
    }

    func testRLE4WithRunsLiteralsDeltaAndEndOfLine() throws {
        var builder = BMPFileBuilder(width: 6, height: 3, bitsPerPixel: 4, compression: 2)
        builder.palette = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]
        builder.pixelData = [
            6, 0x12, 0, 0,  // bottom row: 1 2 1 2 1 2, end of line
            0, 4, 0x31, 0x23, 0, 0,  // literal 3 1 2 3, end of line (two pixels left untouched)
            0, 2, 2, 0,  // delta: two right, same row
            2, 0x33, 0, 1,  // 3 3, end of bitmap
        ]
        let image = try ImageDecoder.decode(builder.bytes).image
        let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255), green: (UInt8, UInt8, UInt8, UInt8) = (0, 255, 0, 255)
        let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 255, 255)
        XCTAssertTrue(image.pixel(x: 0, y: 2) == red && image.pixel(x: 1, y: 2) == green && image.pixel(x: 5, y: 2) == green)
        XCTAssertTrue(image.pixel(x: 0, y: 1) == blue && image.pixel(x: 3, y: 1) == blue && image.pixel(x: 4, y: 1) == (0, 0, 0, 0))
        XCTAssertTrue(image.pixel(x: 0, y: 0) == (0, 0, 0, 0) && image.pixel(x: 2, y: 0) == blue && image.pixel(x: 3, y: 0) == blue)
    }

    func testAHugeImageIsRefusedFromItsHeader() {
        let builder = BMPFileBuilder(width: 12_000, height: 8_000, bitsPerPixel: 24)
        XCTAssertEqual(
            decodingError(builder.bytes, options: .init(pixelLimit: 1_000_000)), .tooLarge(width: 12_000, height: 8_000, limit: 1_000_000))
        XCTAssertEqual(decodingError(builder.bytes), .truncated(format: .bmp), "under the default limit, the rows are missing")
    }

    func testLyingHeadersAreCorruptNotCrashes() {
        func corrupt(_ builder: BMPFileBuilder, _ name: String) {
            guard case .corrupt(.bmp, let reason)? = decodingError(builder.bytes) else {
                return XCTFail("\(name): expected a corrupt BMP error, got \(String(describing: decodingError(builder.bytes)))")
            }
            XCTAssertFalse(reason.isEmpty, name)
        }
        var builder = BMPFileBuilder(width: 2, height: 2, bitsPerPixel: 24)
        builder.pixelData = [UInt8](repeating: 0, count: 16)
        XCTAssertNoThrow(try ImageDecoder.decode(builder.bytes))
        var lie = builder
        lie.pixelOffsetOverride = 1_000_000
        corrupt(lie, "offset past the end")
        lie = builder
        lie.pixelOffsetOverride = 20
        corrupt(lie, "offset inside the header")
        lie = builder
        lie.bitsPerPixel = 7
        corrupt(lie, "7 bits")
        lie = builder
        lie.width = 0
        corrupt(lie, "no width")
        lie = builder
        lie.compression = 4
        corrupt(lie, "embedded JPEG")
        lie = builder
        lie.compression = 9
        corrupt(lie, "unknown compression")
        lie = builder
        lie.compression = 1
        corrupt(lie, "RLE8 with 24 bits")
        lie = BMPFileBuilder(width: 2, height: 2, bitsPerPixel: 8, compression: 1, palette: [(1, 2, 3)])
        lie.topDown = true
        corrupt(lie, "top-down RLE")
        lie = BMPFileBuilder(width: 2, height: 2, bitsPerPixel: 4, palette: [(1, 2, 3)])
        lie.colorsUsedOverride = 17
        corrupt(lie, "17 colours for 4 bits")
        lie = BMPFileBuilder(width: 1, height: 1, bitsPerPixel: 32, compression: 3, masks: [0xFF0F_0000, 0xFF00, 0xFF])
        lie.pixelData = [0, 0, 0, 0]
        corrupt(lie, "a mask with a hole")
    }

    func testPixelDataInsideTheColourTableCutsTheTable() throws {
        // Four colours announced, the pixels said to start at the third: its bytes (blue 2,
        // green 3, red 1, 0) are the row's indices 2, 3, 1 and 0. They were read as a colour too.
        var builder = BMPFileBuilder(width: 4, height: 1, bitsPerPixel: 8, palette: [(10, 20, 30), (40, 50, 60), (1, 3, 2), (7, 8, 9)])
        builder.pixelOffsetOverride = 14 + 40 + 2 * 4
        let image = try ImageDecoder.decode(builder.bytes).image
        XCTAssertEqual(image.size, PixelSize(width: 4, height: 1))
        let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
        XCTAssertTrue(image.pixel(x: 0, y: 0) == black, "index 2 is past the table's cut: \(image.pixel(x: 0, y: 0))")
        XCTAssertTrue(image.pixel(x: 1, y: 0) == black, "index 3 is past the table's cut: \(image.pixel(x: 1, y: 0))")
        XCTAssertTrue(image.pixel(x: 2, y: 0) == (40, 50, 60, 255))
        XCTAssertTrue(image.pixel(x: 3, y: 0) == (10, 20, 30, 255))
    }

    func testPixelDataInsideTheChannelMasksIsCorrupt() {
        var builder = BMPFileBuilder(width: 1, height: 1, bitsPerPixel: 32, compression: 3, masks: [0xFF_0000, 0xFF00, 0xFF])
        builder.pixelData = [1, 2, 3, 4]
        XCTAssertNoThrow(try ImageDecoder.decode(builder.bytes))
        builder.pixelOffsetOverride = 14 + 40 + 4
        XCTAssertEqual(
            decodingError(builder.bytes),
            .corrupt(format: .bmp, reason: "the header announces pixel data at offset 58, inside the headers (which end at 66)"))
    }

    func testTruncatedDataIsTruncated() throws {
        var builder = BMPFileBuilder(width: 4, height: 4, bitsPerPixel: 8, palette: [(1, 2, 3), (4, 5, 6)])
        builder.pixelData = [UInt8](repeating: 1, count: 16)
        let bytes = builder.bytes
        XCTAssertNoThrow(try ImageDecoder.decode(bytes))
        for length in [20, 54, 60, bytes.count - 1] {
            XCTAssertEqual(decodingError(Array(bytes.prefix(length))), .truncated(format: .bmp), "\(length) bytes")
        }
        var rle = BMPFileBuilder(width: 4, height: 4, bitsPerPixel: 8, compression: 1, palette: [(1, 2, 3)])
        rle.pixelData = [4, 0, 0, 0, 0, 5, 0, 0, 0]  // a literal of 5 that the data does not hold
        XCTAssertEqual(decodingError(rle.bytes), .truncated(format: .bmp))
    }

    func testEveryPrefixOfImageMagickFilesDecodesOrFailsCleanly() throws {
        for (options, output) in [
            (["-type", "Palette", "-compress", "RLE"], "BMP3:out.bmp"), (["-type", "TrueColorAlpha"], "BMP:out.bmp"),
        ] {
            let bytes = try convert(stripes(5, width: 9, height: 5), options, to: output)
            for length in 2..<bytes.count {
                _ = decodingError(Array(bytes.prefix(length)))
            }
        }
    }
}
