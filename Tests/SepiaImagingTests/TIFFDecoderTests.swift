import Foundation
import XCTest

@testable import SepiaImaging

/// TIFF files made at test time by ImageMagick (`convert`) and libtiff's tools (`tiffcp`,
/// `tiffset`), decoded and compared with their source or with ImageMagick's own reading of
/// them; and hand-built files whose tags lie.
final class TIFFDecoderTests: XCTestCase {
    private var tool: ImageTools!
    private let source = TestImages.smooth(width: 45, height: 29)

    override func setUpWithError() throws {
        tool = try ImageTools()
        try tool.writePNG(source, as: "source.png")
    }

    override func tearDown() {
        tool = nil
    }

    /// Makes `name` from source.png with `convert` and decodes it.
    private func convertAndDecode(_ name: String, _ options: [String], input: String = "source.png") throws -> DecodedImage {
        try tool.run("convert", [input] + options + [name])
        let decoded = try ImageDecoder.decode(tool.read(name))
        XCTAssertEqual(decoded.format, .tiff)
        return decoded
    }

    /// Fails with a short message (not two pixel dumps) unless the images are identical.
    private func assertSamePixels(
        _ image: RGBAImage, _ expected: RGBAImage, _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard image.size == expected.size else {
            return XCTFail("\(label): \(image.size) instead of \(expected.size)", file: file, line: line)
        }
        let differing = stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0..<$0 + 4] != expected.pixels[$0..<$0 + 4]
        }
        guard let first = differing.first else { return }
        XCTFail(
            "\(label): \(differing.count) pixels differ, first at byte \(first): \(Array(image.pixels[first..<first + 4])) "
                + "instead of \(Array(expected.pixels[first..<first + 4]))", file: file, line: line)
    }

    /// ImageMagick's own reading of `name`, through a 16-bit PNG that Sepia's PNG decoder scales
    /// to 8 bits by rounding (ImageMagick's own 8-bit output truncates 16-bit samples).
    private func imageMagickReading(of name: String) throws -> RGBAImage {
        try tool.run("convert", [name + "[0]", "-depth", "16", "PNG64:reference.png"])
        return try ImageDecoder.decode(tool.read("reference.png")).image
    }

    // MARK: Lossless RGB, every compression, strips and tiles

    func testUncompressedLZWDeflateAndPackBitsRGBAreExact() throws {
        for compression in ["none", "lzw", "zip", "rle"] {
            let decoded = try convertAndDecode("rgb-\(compression).tif", ["-alpha", "off", "-depth", "8", "-compress", compression])
            XCTAssertEqual(decoded.image, source, compression)
            XCTAssertEqual(decoded.orientation, .up)
            XCTAssertEqual(decoded.warnings, [], compression)
        }
    }

    func testSixteenBitRGBIsScaledExactly() throws {
        let decoded = try convertAndDecode("rgb16.tif", ["-alpha", "off", "-depth", "16", "-compress", "zip"])
        XCTAssertEqual(decoded.image, source)
    }

    func testTiledImagesWithPartialEdgeTilesAreExact() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "-depth", "8", "-compress", "none", "strips.tif"])
        try tool.run("tiffcp", ["-t", "-w", "16", "-l", "16", "-c", "lzw", "strips.tif", "tiled.tif"])
        XCTAssertEqual(try ImageDecoder.decode(tool.read("tiled.tif")).image, source)
    }

    // MARK: Uncompressed strips read in place

    /// Uncompressed strips of samples up to 8 bits are read where they lie in the data, and 8-bit
    /// RGB is expanded by a loop cloned for AVX2; the same samples PackBits-compressed go through
    /// libtiff's decoding and the general conversion, and must give the same bytes. The 83-pixel
    /// rows run the vector loop and its tail; 7 rows a strip leave a short last strip.
    func testUncompressedStripsReadInPlaceMatchLibtiffDecoding() throws {
        try tool.writePNG(TestImages.smooth(width: 83, height: 29), as: "wide.png")
        try tool.writePNG(TestImages.distinctPixels(width: 83, height: 23), as: "alpha.png")
        let cases: [(name: String, input: String, options: [String])] = [
            ("rgb", "wide.png", ["-alpha", "off", "-depth", "8"]),
            ("unassociated", "alpha.png", ["-depth", "8", "-define", "tiff:alpha=unassociated"]),
            ("associated", "alpha.png", ["-depth", "8", "-define", "tiff:alpha=associated"]),
            ("grey8", "wide.png", ["-colorspace", "Gray", "-depth", "8"]),
            ("grey4", "wide.png", ["-colorspace", "Gray", "-depth", "4"]),
            ("bilevel", "wide.png", ["-monochrome"]),
            ("palette8", "wide.png", ["-colors", "200", "-type", "Palette"]),
            ("palette4", "wide.png", ["-colors", "12", "-type", "Palette", "-depth", "4"]),
            ("cmyk", "wide.png", ["-alpha", "off", "-colorspace", "CMYK", "-depth", "8"]),
        ]
        for (name, input, options) in cases {
            try tool.run("convert", [input] + options + ["-compress", "none", "-define", "tiff:rows-per-strip=7", "\(name).tif"])
            try tool.run("tiffcp", ["-c", "packbits", "\(name).tif", "\(name)-packbits.tif"])
            XCTAssertTrue(try tool.text(of: "tiffinfo", ["\(name).tif"]).contains("Rows/Strip: 7"), "\(name): not 7 rows a strip")
            let inPlace = try ImageDecoder.decode(tool.read("\(name).tif")).image
            assertSamePixels(inPlace, try ImageDecoder.decode(tool.read("\(name)-packbits.tif")).image, name)
        }
    }

    /// FillOrder 2 strips are left to libtiff, which reverses the bits of every byte.
    func testReversedFillOrderIsNotReadInPlace() throws {
        let name = "fill-order-2.tif"
        try tool.run("convert", ["source.png", "-colorspace", "Gray", "-depth", "8", "-compress", "none", name])
        let stored = try ImageDecoder.decode(tool.read(name)).image
        try tool.run("tiffset", ["-s", "266", "2", name])
        XCTAssertTrue(try tool.text(of: "tiffinfo", [name]).contains("lsb-to-msb"), "tiffset did not write FillOrder 2")
        var reversed = stored
        for index in reversed.pixels.indices where index % 4 != 3 {
            let byte = reversed.pixels[index]
            reversed.pixels[index] = (0..<8).reduce(0) { bits, bit in bits | (byte >> bit & 1) << (7 - bit) }
        }
        assertSamePixels(try ImageDecoder.decode(tool.read(name)).image, reversed, name)
    }

    func testJPEGCompressedTIFFIsCloseToItsSource() throws {
        let decoded = try convertAndDecode("jpeg.tif", ["-alpha", "off", "-compress", "jpeg", "-quality", "95"])
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: source), 2.5)
    }

    // MARK: Alpha

    func testUnassociatedAlphaIsKeptExactly() throws {
        let transparent = TestImages.distinctPixels(width: 37, height: 23)
        try tool.writePNG(transparent, as: "alpha.png")
        let decoded = try convertAndDecode(
            "unassociated.tif", ["-depth", "8", "-define", "tiff:alpha=unassociated", "-compress", "lzw"], input: "alpha.png")
        XCTAssertEqual(decoded.image, transparent)
    }

    func testAssociatedAlphaIsMadeStraight() throws {
        let halfTransparent = RGBAImage(width: 20, height: 10, red: 200, green: 100, blue: 50, alpha: 128)
        try tool.writePNG(halfTransparent, as: "half.png")
        let decoded = try convertAndDecode("associated.tif", ["-depth", "8", "-define", "tiff:alpha=associated"], input: "half.png")
        let pixel = decoded.image.pixel(x: 3, y: 4)
        XCTAssertEqual(pixel.alpha, 128)
        XCTAssertEqual(Double(pixel.red), 200, accuracy: 2)
        XCTAssertEqual(Double(pixel.green), 100, accuracy: 2)
        XCTAssertEqual(Double(pixel.blue), 50, accuracy: 2)
    }

    // MARK: Grey, palette, CMYK

    func testGreyscaleEightAndSixteenBitMatchImageMagick() throws {
        for depth in ["8", "16"] {
            let name = "grey\(depth).tif"
            let decoded = try convertAndDecode(name, ["-colorspace", "Gray", "-depth", depth])
            assertSamePixels(decoded.image, try imageMagickReading(of: name), name)
        }
    }

    func testMinIsWhiteGreyIsInverted() throws {
        // ImageMagick writes min-is-black grey; tiffset turns the same samples into min-is-white.
        let name = "min-is-white.tif"
        try tool.run("convert", ["source.png", "-colorspace", "Gray", "-depth", "8", name])
        let minIsBlack = try ImageDecoder.decode(tool.read(name)).image
        try tool.run("tiffset", ["-s", "262", "0", name])
        XCTAssertTrue(try tool.text(of: "tiffinfo", [name]).contains("min-is-white"), "tiffset did not write min-is-white")
        let decoded = try ImageDecoder.decode(tool.read(name)).image
        var inverted = minIsBlack
        for index in inverted.pixels.indices where index % 4 != 3 { inverted.pixels[index] = 255 - inverted.pixels[index] }
        assertSamePixels(decoded, inverted, name)
    }

    func testBilevelAndPaletteImagesMatchImageMagick() throws {
        let cases = [
            ("bilevel.tif", ["-monochrome", "-compress", "group4"]),
            ("palette8.tif", ["-colors", "200", "-type", "Palette", "-compress", "lzw"]),
            ("palette4.tif", ["-colors", "12", "-type", "Palette", "-depth", "4"]),
        ]
        for (name, options) in cases {
            let decoded = try convertAndDecode(name, options)
            assertSamePixels(decoded.image, try imageMagickReading(of: name), name)
        }
    }

    func testCMYKIsConvertedNaivelyToRGB() throws {
        let decoded = try convertAndDecode("cmyk.tif", ["-alpha", "off", "-colorspace", "CMYK", "-depth", "8"])
        XCTAssertTrue(try tool.text(of: "tiffinfo", ["cmyk.tif"]).contains("separated"), "convert did not write CMYK")
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: source), 1.0)
    }

    func testCMYKWithAlphaKeepsItsAlphaAndSaysItsProfileWasIgnored() throws {
        // Sepia converts CMYK with an alpha sample naively, profile or not (ColorConversionTests
        // checks CMYK through its profile).
        let name = "cmyka.tif"
        let profile = "/usr/share/color/icc/ghostscript/ps_cmyk.icc"
        let decoded = try convertAndDecode(
            name, ["-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", "+channel", "-colorspace", "CMYK", "-profile", profile])
        XCTAssertTrue(try tool.text(of: "tiffinfo", [name]).contains("unassoc-alpha"), "convert did not write CMYK with alpha")
        XCTAssertEqual(decoded.sourceColorProfile, try [UInt8](Data(contentsOf: URL(fileURLWithPath: profile))))
        XCTAssertEqual(decoded.warnings.count, 1)
        XCTAssertTrue(decoded.warnings.first?.contains("CMYK with alpha") ?? false, "\(decoded.warnings)")
        XCTAssertEqual(Double(decoded.image.pixel(x: 5, y: 5).alpha), 128, accuracy: 1)
        let naive = try ImageDecoder.decode(tool.read(name), options: .init(convertsToSRGB: false))
        XCTAssertEqual(decoded.image, naive.image)
    }

    // MARK: Pages, orientation, ICC

    func testOnlyTheFirstPageIsDecoded() throws {
        try tool.writePNG(RGBAImage(width: 45, height: 29, red: 9, green: 9, blue: 9), as: "second.png")
        try tool.run("convert", ["source.png", "second.png", "-alpha", "off", "-depth", "8", "-compress", "lzw", "pages.tif"])
        XCTAssertEqual(try ImageDecoder.decode(tool.read("pages.tif")).image, source)
    }

    func testOrientationTagIsAppliedLikeEXIF() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "-depth", "8", "turned.tif"])
        try tool.run("tiffset", ["-s", "274", "6", "turned.tif"])
        let bytes = try tool.read("turned.tif")
        let upright = try ImageDecoder.decode(bytes)
        XCTAssertEqual(upright.orientation, .right)
        XCTAssertEqual(upright.image, source.applyingOrientation(.right))
        XCTAssertEqual(upright.image.width, source.height)

        let stored = try ImageDecoder.decode(bytes, options: ImageDecodingOptions(appliesEXIFOrientation: false))
        XCTAssertEqual(stored.orientation, .right)
        XCTAssertEqual(stored.image, source)
    }

    func testICCProfileIsReported() throws {
        let profilePath = "/usr/share/color/icc/ghostscript/a98.icc"
        let profile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: profilePath)))
        let decoded = try convertAndDecode("tagged.tif", ["-alpha", "off", "-depth", "8", "-profile", profilePath])
        XCTAssertEqual(decoded.sourceColorProfile, profile)
        XCTAssertNil(try convertAndDecode("untagged.tif", ["-alpha", "off", "-depth", "8"]).sourceColorProfile)
    }

    // MARK: Bad input

    func testTagsAnnouncingAHugeImageAreRefusedBeforeAllocating() {
        let bomb = TIFFFileBuilder.build(
            entries: TIFFFileBuilder.greyEntries(width: 100_000, height: 100_000, stripBytes: 16), body: [UInt8](repeating: 0, count: 16))
        XCTAssertThrowsError(try ImageDecoder.decode(bomb)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError, .tooLarge(width: 100_000, height: 100_000, limit: ImageDecodingOptions.defaultPixelLimit))
        }
    }

    func testPixelLimitAppliesToTIFF() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "small.tif"])
        XCTAssertThrowsError(try ImageDecoder.decode(tool.read("small.tif"), options: ImageDecodingOptions(pixelLimit: 100))) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 45, height: 29, limit: 100))
        }
    }

    func testStripBeyondTheDataIsTruncated() {
        let lying = TIFFFileBuilder.build(
            entries: TIFFFileBuilder.greyEntries(width: 4000, height: 4000, stripOffset: 8, stripBytes: 16_000_000),
            body: [UInt8](repeating: 0, count: 64))
        XCTAssertThrowsError(try ImageDecoder.decode(lying)) { error in
            XCTAssertEqual(error as? ImageDecodingError, .truncated(format: .tiff))
        }
    }

    func testHandBuiltGreyImageDecodes() throws {
        let body: [UInt8] = [0, 64, 128, 255, 10, 20]
        let file = TIFFFileBuilder.build(entries: TIFFFileBuilder.greyEntries(width: 3, height: 2, stripBytes: 6), body: body)
        let image = try ImageDecoder.decode(file).image
        XCTAssertEqual(image.pixels, body.flatMap { [$0, $0, $0, 255] })
    }

    func testTruncatedFilesAreTruncatedOrCorrupt() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "-depth", "8", "-compress", "lzw", "whole.tif"])
        let whole = try tool.read("whole.tif")
        for length in [4, 8, 100, whole.count / 2] {
            XCTAssertThrowsError(try ImageDecoder.decode(Array(whole.prefix(length))), "\(length) bytes") { error in
                switch error as? ImageDecodingError {
                case .truncated(.tiff)?, .corrupt(.tiff, _)?: break
                default: XCTFail("\(length) bytes: \(error)")
                }
            }
        }
    }

    func testDamagedCompressedDataIsAnErrorNotACrash() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "-depth", "8", "-compress", "zip", "deflate.tif"])
        var damaged = try tool.read("deflate.tif")
        for index in 8..<min(400, damaged.count) { damaged[index] ^= 0x5A }
        XCTAssertThrowsError(try ImageDecoder.decode(damaged)) { error in
            guard case .corrupt(.tiff, let reason)? = error as? ImageDecodingError else { return XCTFail("\(error)") }
            XCTAssertFalse(reason.isEmpty)
        }
    }
}
