import XCTest

@testable import SepiaImaging

/// Progressive JPEGs of many scans (issue 27): each scan makes libjpeg walk every block of the
/// frame, however few bytes it holds, so the decoder refuses more than 500, counted from the
/// markers when the header is read, before anything is decoded.
final class JPEGScanLimitTests: XCTestCase {
    private var tools: ImageTools!
    /// ImageMagick's progressive encoding of a flat 512×512 picture: about ten scans, whose
    /// last one (the luma AC refinement) is a few bytes of end-of-band runs.
    private var progressive: [UInt8] = []

    override func setUpWithError() throws {
        tools = try ImageTools()
        try tools.writePNG(RGBAImage(width: 512, height: 512, red: 90, green: 120, blue: 150), as: "flat.png")
        progressive = try tools.make("progressive.jpg", with: "convert", ["flat.png", "-interlace", "JPEG", "progressive.jpg"])
    }

    override func tearDown() {
        tools = nil
    }

    func testAJPEGOfMoreThan500ScansIsRefused() throws {
        let hostile = JPEGSegments.repeatingLastScan(of: progressive, count: 1000)
        XCTAssertGreaterThan(JPEGSegments.scans(of: hostile).count, 1000)
        XCTAssertThrowsError(try ImageDecoder.decode(hostile)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError,
                .unsupportedFeature(format: .jpeg, reason: "it has more than 500 scans, the most Sepia decodes"))
        }
    }

    private let refusal = ImageDecodingError.unsupportedFeature(format: .jpeg, reason: "it has more than 500 scans, the most Sepia decodes")

    /// The error of reading the header of `jpeg`, or nil when it was read.
    private func headerError(_ jpeg: [UInt8]) -> ImageDecodingError? {
        jpeg.withUnsafeBytes { data in
            do {
                _ = try JPEGDecompression(data, options: ImageDecodingOptions())
                return nil
            } catch {
                return error as? ImageDecodingError
            }
        }
    }

    func testScansAreCountedBeforeAnythingIsDecoded() throws {
        XCTAssertEqual(headerError(JPEGSegments.repeatingLastScan(of: progressive, count: 1000)), refusal)
        XCTAssertEqual(headerError(JPEGSegments.repeatingLastScan(of: progressive, count: 10_000)), refusal)
        XCTAssertNil(headerError(progressive))
    }

    /// Scans whose entropy-coded data holds what the count must step over: a stuffed 0xFF00
    /// byte, restart markers followed by bytes that would read as a long segment length, and
    /// 0xFF fill bytes before the next marker. Only the header is read: the data is not valid.
    func testTheCountSkipsStuffedBytesRestartMarkersAndFillBytes() throws {
        let data: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x7F, 0xF0, 0x56, 0xFF, 0xD7, 0x00, 0x09, 0x9A, 0xFF, 0xFF]
        let scans = JPEGSegments.scans(of: progressive).count
        XCTAssertEqual(headerError(JPEGSegments.repeatingLastScan(of: progressive, count: 501 - scans + 1, data: data)), refusal)
        XCTAssertNil(headerError(JPEGSegments.repeatingLastScan(of: progressive, count: 500 - scans + 1, data: data)))
    }

    /// Noise, whose entropy-coded data is full of stuffed 0xFF00 bytes, in ImageMagick's ten or so
    /// scans.
    func testANoisyProgressiveJPEGStillDecodes() throws {
        try tools.run("convert", ["-size", "256x256", "xc:", "+noise", "Random", "noise.png"])
        let noisy = try tools.make("noise.jpg", with: "convert", ["noise.png", "-quality", "95", "-interlace", "JPEG", "noise.jpg"])
        XCTAssertGreaterThan(JPEGSegments.scans(of: noisy).count, 5)
        XCTAssertEqual(try ImageDecoder.decode(noisy).image.size, PixelSize(square: 256))
    }

    func testFiveHundredScansStillDecode() throws {
        let scans = JPEGSegments.scans(of: progressive).count
        XCTAssertGreaterThan(scans, 1, "ImageMagick wrote a progressive JPEG")
        let longest = JPEGSegments.repeatingLastScan(of: progressive, count: 500 - scans + 1)
        XCTAssertEqual(JPEGSegments.scans(of: longest).count, 500)
        let decoded = try ImageDecoder.decode(longest)
        XCTAssertEqual(decoded.image.size, PixelSize(square: 512))
    }
}
