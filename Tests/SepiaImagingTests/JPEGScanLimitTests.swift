import XCTest

@testable import SepiaImaging

/// Progressive JPEGs of many scans (issue 27): each scan makes libjpeg walk every block of the
/// frame, however few bytes it holds, so the decoder stops after 500.
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

    func testFiveHundredScansStillDecode() throws {
        let scans = JPEGSegments.scans(of: progressive).count
        XCTAssertGreaterThan(scans, 1, "ImageMagick wrote a progressive JPEG")
        let longest = JPEGSegments.repeatingLastScan(of: progressive, count: 500 - scans + 1)
        XCTAssertEqual(JPEGSegments.scans(of: longest).count, 500)
        let decoded = try ImageDecoder.decode(longest)
        XCTAssertEqual(decoded.image.size, PixelSize(square: 512))
    }
}
