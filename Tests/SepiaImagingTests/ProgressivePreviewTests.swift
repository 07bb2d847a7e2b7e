import Foundation
import SepiaDemoContent
import XCTest

@testable import SepiaImaging

/// Previews from the first bytes of progressive JPEGs and interlaced PNGs made by ImageMagick
/// (`-interlace JPEG`, `-interlace PNG`), compared with the whole photo decoded and fitted into
/// the same box.
final class ProgressivePreviewTests: XCTestCase {
    private var tools: ImageTools!
    private let box = PixelSize(width: 160, height: 120)

    override func setUpWithError() throws {
        tools = try ImageTools()
    }

    override func tearDown() {
        tools = nil
    }

    /// A photo-like scene written as a PNG, then converted by ImageMagick with `arguments`.
    private func converted(_ output: String, _ arguments: [String], width: Int = 640, height: Int = 480) throws -> [UInt8] {
        try tools.writePNG(PhotoGenerator(seed: 11).render(width: width, height: height), as: "scene.png")
        return try tools.make(output, with: "convert", ["scene.png"] + arguments + [output])
    }

    private func progressiveJPEG() throws -> [UInt8] {
        try converted("progressive.jpg", ["-quality", "90", "-interlace", "JPEG"])
    }

    /// The whole photo, decoded and fitted into the box.
    private func reference(_ bytes: [UInt8]) throws -> RGBAImage {
        try ImageDecoder.decode(bytes, options: ImageDecodingOptions(targetSize: box)).image.resized(toFit: box)
    }

    /// The bytes up to the marker that ends the scan ending at `end`, that marker included: the
    /// least a scanner needs to see that the scan is complete.
    private func through(_ bytes: [UInt8], scanEndingAt end: Int) -> ArraySlice<UInt8> {
        bytes[..<(end + 2)]
    }

    /// The offsets where the scanner, fed `bytes` in chunks of `chunk`, saw a scan complete.
    private func scanEnds(_ bytes: [UInt8], chunk: Int) -> [Int] {
        var scanner = ProgressivePrefixScanner()
        var ends: [Int] = []
        var length = 0
        while length < bytes.count {
            length = min(length + chunk, bytes.count)
            let before = scanner.completeScans
            bytes[..<length].withUnsafeBytes { scanner.update(with: $0) }
            if scanner.completeScans > before { ends.append(scanner.previewableLength) }
        }
        return ends
    }

    func testTheScannerFindsEveryScanOfAProgressiveJPEGWhateverTheChunks() throws {
        let jpeg = try progressiveJPEG()
        // Every SOS marker counted independently: the scans end where the next marker starts.
        let sosCount = zip(jpeg, jpeg.dropFirst()).filter { $0 == (0xFF, 0xDA) }.count
        XCTAssertGreaterThan(sosCount, 5, "ImageMagick's progression has about ten scans")

        var whole = ProgressivePrefixScanner()
        jpeg.withUnsafeBytes { whole.update(with: $0) }
        XCTAssertEqual(whole.layout, .progressiveJPEG)
        XCTAssertEqual(whole.completeScans, sosCount)
        XCTAssertEqual(Array(jpeg[whole.previewableLength...]), [0xFF, 0xD9], "the last scan ends at EOI")

        let oneByOne = scanEnds(jpeg, chunk: 1)
        XCTAssertEqual(oneByOne.count, sosCount)
        for chunk in [7, 1000, 4096] { XCTAssertEqual(scanEnds(jpeg, chunk: chunk).last, oneByOne.last, "chunks of \(chunk)") }
        for end in oneByOne {
            XCTAssertEqual(jpeg[end], 0xFF)
            XCTAssertTrue([0xC4, 0xDA, 0xD9].contains(jpeg[end + 1]), "a scan ends at DHT, SOS or EOI, not \(jpeg[end + 1])")
        }
    }

    func testEachScanBoundaryGivesAPictureOfThePhoto() throws {
        let jpeg = try progressiveJPEG()
        let full = try reference(jpeg)
        var errors: [Double] = []
        for end in scanEnds(jpeg, chunk: 1) {
            let preview = try XCTUnwrap(try ProgressivePreview.decode(through(jpeg, scanEndingAt: end), fitting: box))
            XCTAssertEqual(preview.format, .jpeg)
            XCTAssertEqual(preview.image.size, full.size)
            errors.append(preview.image.meanAbsoluteDifference(against: full))
        }
        // The DC scan alone is the photo at 1/8 (blocks at this box): close already; the last
        // scans add the finest detail.
        XCTAssertLessThan(errors[0], 12, "\(errors)")
        XCTAssertLessThan(try XCTUnwrap(errors.last), 1, "\(errors)")
        XCTAssertLessThanOrEqual(try XCTUnwrap(errors.last), errors[0])
    }

    func testAPrefixCutInsideAScanGivesTheScansBefore() throws {
        let jpeg = try progressiveJPEG()
        let ends = scanEnds(jpeg, chunk: 1)
        let inside = (ends[1] + ends[2]) / 2
        let cut = try XCTUnwrap(try ProgressivePreview.decode(jpeg[..<inside], fitting: box))
        let atBoundary = try XCTUnwrap(try ProgressivePreview.decode(through(jpeg, scanEndingAt: ends[1]), fitting: box))
        XCTAssertEqual(cut.completeUnits, 2)
        XCTAssertTrue(cut.image == atBoundary.image, "the same two scans")
        XCTAssertNil(try ProgressivePreview.decode(jpeg[..<(ends[0] + 1)], fitting: box), "the marker after the first scan has not come")
    }

    func testBaselineJPEGsAndPlainPNGsGiveNoPreview() throws {
        let baseline = try converted("baseline.jpg", ["-quality", "90"])
        let plain = try converted("plain.png", ["-interlace", "none"])
        for bytes in [baseline, plain] {
            var scanner = ProgressivePrefixScanner()
            bytes.withUnsafeBytes { scanner.update(with: $0) }
            XCTAssertEqual(scanner.layout, .none)
            XCTAssertNil(try ProgressivePreview.decode(bytes[..<(bytes.count / 2)], fitting: box))
        }
    }

    func testADamagedScanGivesNoPreview() throws {
        var jpeg = try progressiveJPEG()
        let ends = scanEnds(jpeg, chunk: 1)
        // Garbage in the middle of the second scan's entropy-coded data.
        let middle = (ends[0] + ends[1]) / 2
        // Bytes 1 to 254: no 0xFF, so no marker, but codes the Huffman tables do not follow.
        for index in middle..<(middle + 64) { jpeg[index] = UInt8(index * 97 % 254 + 1) }
        XCTAssertNotNil(try ProgressivePreview.decode(through(jpeg, scanEndingAt: ends[0]), fitting: box), "the first scan is intact")
        XCTAssertThrowsError(try ProgressivePreview.decode(through(jpeg, scanEndingAt: ends[1]), fitting: box))
    }

    func testTheRewriteMakesAProgressiveJPEGOfTheSamePixels() throws {
        let baseline = try ImageEncoder.encode(PhotoGenerator(seed: 3).render(width: 320, height: 240), as: .jpeg(quality: 85))
        let progressive = try ProgressiveJPEGRewrite.rewrite(baseline)
        var scanner = ProgressivePrefixScanner()
        progressive.withUnsafeBytes { scanner.update(with: $0) }
        XCTAssertEqual(scanner.layout, .progressiveJPEG)
        XCTAssertEqual(scanner.completeScans, 10, "libjpeg's standard script for YCbCr")
        XCTAssertEqual(try ImageDecoder.decode(progressive).image, try ImageDecoder.decode(baseline).image)
        XCTAssertThrowsError(try ProgressiveJPEGRewrite.rewrite(Array(baseline[..<100])))
    }

    // MARK: Interlaced PNG

    func testAnInterlacedPNGGainsPassesAsItArrives() throws {
        let png = try converted("interlaced.png", ["-interlace", "PNG"])
        var scanner = ProgressivePrefixScanner()
        png[..<40].withUnsafeBytes { scanner.update(with: $0) }
        XCTAssertEqual(scanner.layout, .interlacedPNG)

        let full = try reference(png)
        var lastPasses = 0
        var errors: [Double] = []
        for fraction in [0.05, 0.1, 0.25, 0.5, 1.0] {
            let length = Int(Double(png.count) * fraction)
            guard let preview = try ProgressivePreview.decode(png[..<length], fitting: box) else {
                XCTAssertEqual(lastPasses, 0, "once a pass is there, a longer prefix has it too")
                continue
            }
            XCTAssertEqual(preview.format, .png)
            XCTAssertEqual(preview.image.size, full.size)
            XCTAssertGreaterThanOrEqual(preview.completeUnits, lastPasses, "at \(fraction)")
            lastPasses = preview.completeUnits
            // Against the photo fitted by averaging: a pass's pixels are samples, not averages.
            errors.append(preview.image.meanAbsoluteDifference(against: full))
            XCTAssertLessThan(errors.last!, 14, "\(preview.completeUnits) passes at \(fraction)")
        }
        XCTAssertEqual(lastPasses, 3, "a 640x480 photo in a 160x120 box needs passes 1 to 3 only")
        XCTAssertLessThan(try XCTUnwrap(errors.last), try XCTUnwrap(errors.first), "more passes, closer: \(errors)")
    }

    func testTheFirstPassAloneIsEveryEighthPixelInBlocks() throws {
        // A box that takes the photo whole: the grid is every pixel.
        let image = PhotoGenerator(seed: 5).render(width: 256, height: 192)
        let whole = PixelSize(width: 256, height: 192)
        try tools.writePNG(image, as: "small.png")
        let png = try tools.make("small-interlaced.png", with: "convert", ["small.png", "-interlace", "PNG", "small-interlaced.png"])
        // The shortest prefix, in steps of 16 bytes, with a whole pass.
        var found: ProgressivePreview?
        for length in stride(from: 60, through: png.count, by: 16) {
            if let preview = try ProgressivePreview.decode(png[..<length], fitting: whole) {
                found = preview
                break
            }
        }
        let preview = try XCTUnwrap(found)
        XCTAssertEqual(preview.completeUnits, 1)
        XCTAssertEqual(preview.image.size, image.size)
        for (x, y) in [(0, 0), (7, 7), (8, 0), (13, 21), (255, 191)] {
            let source = image.pixel(x: x - x % 8, y: y - y % 8)
            XCTAssertTrue(preview.image.pixel(x: x, y: y) == source, "pixel \(x),\(y) repeats \(x - x % 8),\(y - y % 8)")
        }
        let complete = try XCTUnwrap(try ProgressivePreview.decode(png, fitting: whole))
        XCTAssertEqual(complete.completeUnits, 7)
        XCTAssertTrue(complete.isFinest)
        XCTAssertTrue(complete.image == image, "every pass: the photo itself")
    }

    func testADamagedPassGivesNoPreview() throws {
        var png = try converted("interlaced.png", ["-interlace", "PNG"])
        // Garbage over the zlib stream of the first IDAT, after its header.
        let idat = try XCTUnwrap(zip(png.indices, png.indices.dropFirst(4)).first { Array(png[$0.0..<$0.1]) == Array("IDAT".utf8) })
        for index in (idat.1 + 8)..<(idat.1 + 200) { png[index] = UInt8(truncatingIfNeeded: index &* 31) }
        XCTAssertThrowsError(try ProgressivePreview.decode(png[..<(png.count / 2)], fitting: box))
    }
}
