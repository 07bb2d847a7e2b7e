import Foundation
import XCTest

@testable import SepiaImaging

/// What a TIFF decode asks `ImageDecodingOptions.memoryAdmission` for: its RGBA image, its working
/// buffers (one row for a huge strip, which is read a row at a time) and an oriented copy; and a
/// refusal stops the decode before its pixels are allocated.
final class TIFFMemoryBoundTests: XCTestCase {
    private struct Refused: Error, Equatable {}

    private var tool: ImageTools!

    override func setUpWithError() throws {
        tool = try ImageTools()
    }

    override func tearDown() {
        tool = nil
    }

    private func decode(_ name: String, admission: RecordingAdmission) throws -> DecodedImage {
        try ImageDecoder.decode(tool.read(name), options: admission.options())
    }

    /// A 2100×2100 8-bit grey page in one Deflate strip: 4.4 MB decoded, over the 4 MiB that are
    /// decoded whole.
    func testAHugeStripIsReadARowAtATime() throws {
        let side = 2_100
        try tool.run(
            "convert",
            [
                "-size", "\(side)x\(side)", "gradient:black-white", "-colorspace", "gray", "-depth", "8", "-compress", "zip",
                "-define", "tiff:rows-per-strip=\(side)", "one-strip.tif",
            ])
        XCTAssertTrue(try tool.text(of: "tiffinfo", ["one-strip.tif"]).contains("Rows/Strip: \(side)"), "not one strip")
        try tool.run("tiffcp", ["-r", "64", "one-strip.tif", "many-strips.tif"])
        let admission = RecordingAdmission()
        let decoded = try decode("one-strip.tif", admission: admission)
        XCTAssertEqual(admission.asked, [side * side * 4 + side], "the RGBA image and one row")
        XCTAssertEqual(decoded.image, try ImageDecoder.decode(tool.read("many-strips.tif")).image)
    }

    func testAnOrientedDecodeCountsItsTurnedCopy() throws {
        try tool.run("convert", ["-size", "40x30", "gradient:", "-colorspace", "gray", "-depth", "8", "-compress", "none", "turned.tif"])
        try tool.run("tiffset", ["-s", "274", "6", "turned.tif"])
        let admission = RecordingAdmission()
        XCTAssertEqual(try decode("turned.tif", admission: admission).image.size, PixelSize(width: 30, height: 40))
        XCTAssertEqual(admission.asked, [2 * 40 * 30 * 4], "the stored image and its turned copy")
    }

    func testARefusedAdmissionStopsTheDecode() throws {
        try tool.run("convert", ["-size", "40x30", "gradient:", "-depth", "8", "refused.tif"])
        let admission = RecordingAdmission(refusal: Refused())
        XCTAssertThrowsError(try decode("refused.tif", admission: admission)) { error in
            XCTAssertEqual(error as? Refused, Refused())
        }
        XCTAssertEqual(admission.asked.count, 1)
    }

    /// A TIFF whose strip lies beyond its data is refused as truncated before the budget is
    /// asked: a 64-byte file announcing 4000×4000 pixels must not wait for 64 MB of budget.
    func testATruncatedTIFFIsRefusedWithoutAskingForMemory() {
        let lying = TIFFFileBuilder.build(
            entries: TIFFFileBuilder.greyEntries(width: 4000, height: 4000, stripOffset: 8, stripBytes: 16_000_000),
            body: [UInt8](repeating: 0, count: 64))
        let admission = RecordingAdmission()
        XCTAssertThrowsError(try ImageDecoder.decode(lying, options: admission.options())) { error in
            XCTAssertEqual(error as? ImageDecodingError, .truncated(format: .tiff))
        }
        XCTAssertEqual(admission.asked, [], "nothing asked for a file the data cannot fill")
    }
}
