import Foundation
import XCTest

@testable import SepiaImaging

/// TIFF layouts the shim does not convert itself, decoded through libtiff's RGBA interface:
/// separate colour planes (strips and tiles, with alpha), CIE L*a*b*, old-style JPEG, signed
/// samples; and those neither converts (12-bit, floating point), refused with libtiff's reason.
/// Files made by ImageMagick and `tiffcp`; the old-style JPEG is built by hand around a JFIF
/// stream, as old scanners wrote it.
final class TIFFLayoutFallbackTests: XCTestCase {
    private var tool: ImageTools!
    private let source = TestImages.smooth(width: 45, height: 29)

    override func setUpWithError() throws {
        tool = try ImageTools()
        try tool.writePNG(source, as: "source.png")
        try tool.run("convert", ["source.png", "-alpha", "off", "-depth", "8", "-compress", "none", "contiguous.tif"])
    }

    override func tearDown() {
        tool = nil
    }

    private func decode(_ name: String) throws -> DecodedImage {
        let decoded = try ImageDecoder.decode(tool.read(name))
        XCTAssertEqual(decoded.format, .tiff)
        return decoded
    }

    /// The largest difference of any sample, alpha included.
    private func largestDifference(_ image: RGBAImage, _ expected: RGBAImage) -> Int {
        zip(image.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    func testSeparatePlanesInStripsAndTilesAreExact() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "-depth", "8", "-interlace", "plane", "-compress", "lzw", "planar.tif"])
        try tool.run("tiffcp", ["-p", "separate", "-c", "zip", "contiguous.tif", "separate-strips.tif"])
        try tool.run("tiffcp", ["-p", "separate", "-t", "-w", "16", "-l", "16", "contiguous.tif", "separate-tiles.tif"])
        for name in ["planar.tif", "separate-strips.tif", "separate-tiles.tif"] {
            XCTAssertTrue(try tool.text(of: "tiffinfo", [name]).contains("separate image planes"), "\(name) is not planar")
            XCTAssertEqual(try decode(name).image, source, name)
        }
    }

    func testSeparatePlanesWithAlphaKeepStraightAlpha() throws {
        try tool.run(
            "convert",
            ["source.png", "-alpha", "set", "-channel", "A", "-evaluate", "set", "60%", "+channel", "-depth", "8", "rgba.tif"])
        try tool.run("tiffcp", ["-p", "separate", "-t", "-w", "16", "-l", "16", "rgba.tif", "separate-alpha.tif"])
        let contiguous = try decode("rgba.tif").image
        XCTAssertEqual(contiguous.pixels[3], 154, "60 % alpha")
        // libtiff premultiplies; dividing it out again is exact to a level at this alpha.
        XCTAssertLessThanOrEqual(largestDifference(try decode("separate-alpha.tif").image, contiguous), 1)
    }

    func testCIELabIsConvertedToRGB() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "-colorspace", "Lab", "-depth", "8", "lab.tif"])
        XCTAssertTrue(try tool.text(of: "tiffinfo", ["lab.tif"]).contains("CIE L*a*b*"), "convert did not write CIELab")
        let decoded = try decode("lab.tif").image
        // libtiff converts for a D65 display, not exactly sRGB: within a few levels.
        XCTAssertLessThan(decoded.meanAbsoluteDifference(against: source), 8)
    }

    func testOldStyleJPEGIsDecoded() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "-sampling-factor", "2x2", "-quality", "95", "source.jpg"])
        let jpeg = try tool.read("source.jpg")
        let length = UInt32(jpeg.count)
        let body = jpeg + (jpeg.count.isMultiple(of: 2) ? [] : [0])  // the IFD on a word boundary
        let entries: [TIFFFileBuilder.Entry] = [
            .long(256, UInt32(source.width)), .long(257, UInt32(source.height)), .short(258, 8, 8, 8), .short(259, 6),
            .short(262, 6), .long(273, 8), .short(277, 3), .long(278, UInt32(source.height)), .long(279, length),
            .short(512, 1), .long(513, 8), .long(514, length), .short(530, 2, 2),
        ]
        try tool.write(TIFFFileBuilder.build(entries: entries, body: body), as: "old-style-jpeg.tif")
        XCTAssertTrue(try tool.text(of: "tiffinfo", ["old-style-jpeg.tif"]).contains("Old-style JPEG"))
        XCTAssertLessThan(try decode("old-style-jpeg.tif").image.meanAbsoluteDifference(against: source), 4)
    }

    func testSignedSamplesAreReadAsImageMagickReadsThem() throws {
        try tool.run("convert", ["source.png", "-alpha", "off", "-depth", "8", "-define", "quantum:format=signed", "signed.tif"])
        XCTAssertTrue(try tool.text(of: "tiffinfo", ["signed.tif"]).contains("signed integer"))
        XCTAssertEqual(try decode("signed.tif").image, source)
    }

    func testTwelveBitAndFloatingPointSamplesGiveLibtiffsReason() throws {
        let cases = [
            ("twelve.tif", ["-depth", "12"], "can not handle images with 12-bit samples"),
            ("float.tif", ["-depth", "16", "-define", "quantum:format=floating-point"], "IEEE floating-point samples"),
        ]
        for (name, options, reason) in cases {
            try tool.run("convert", ["source.png", "-alpha", "off"] + options + [name])
            XCTAssertThrowsError(try ImageDecoder.decode(tool.read(name)), name) { error in
                guard case .unsupportedFeature(.tiff, let said)? = error as? ImageDecodingError else { return XCTFail("\(error)") }
                XCTAssertTrue(said.hasPrefix("libtiff cannot convert this TIFF to RGBA: ") && said.contains(reason), said)
            }
        }
    }
}
