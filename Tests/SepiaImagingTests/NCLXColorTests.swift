import Foundation
import XCTest

@testable import SepiaImaging

/// AVIF files tagged with nclx code points by libavif's `avifenc --cicp P/T/M` (the samples are
/// coded as given, only the tags differ) decode to sRGB through the profile the code points make,
/// compared with the conversion computed from the definitions (`ColorArithmetic`) and with lcms2's
/// own `tificc`, both from the file's unconverted samples.
final class NCLXColorTests: XCTestCase {
    private let photo = ColorReference.colourful(width: 96, height: 64)
    private let srgbProfile = "/usr/share/color/icc/ghostscript/srgb.icc"

    /// The AVIF avifenc makes of the photo with `cicp` (and `options`), at a high quality,
    /// decoded with and without conversion to sRGB.
    private func avif(cicp: String, _ options: [String] = []) throws -> (converted: DecodedImage, samples: DecodedImage) {
        let tool = try ImageTools()
        try tool.writePNG(photo, as: "photo.png")
        try tool.run("avifenc", ["-s", "8", "--min", "0", "--max", "4", "--cicp", cicp] + options + ["photo.png", "photo.avif"])
        let bytes = try tool.read("photo.avif")
        return (try ImageDecoder.decode(bytes), try ImageDecoder.decode(bytes, options: .init(convertsToSRGB: false)))
    }

    func testDisplayP3ConvertsToSRGB() throws {
        let (converted, samples) = try avif(cicp: "12/13/1")
        XCTAssertEqual(converted.warnings, [])
        XCTAssertNotNil(converted.sourceColorProfile)
        let p3 = ColorReference.displayP3Chromaticities
        let reference = ColorArithmetic.convert(samples.image, decodingGamma: 0, from: p3)
        // Measured: 0.007 of a level from the definitions and 0.008 from tificc on average (Sepia's
        // matrix-shaper tables round once more than a double-precision evaluation).
        XCTAssertLessThanOrEqual(converted.image.meanAbsoluteDifference(against: reference), 0.25, "from the definitions")
        XCTAssertGreaterThan(samples.image.meanAbsoluteDifference(against: reference), 3, "the samples themselves are far from it")

        let profile = try makeTemporaryDirectory().appendingPathComponent("display-p3.icc")
        try Data(ColorReference.displayP3Profile()).write(to: profile)
        let tificc = try ColorReference.tificc(samples.image, from: profile, in: profile.deletingLastPathComponent())
        XCTAssertLessThanOrEqual(converted.image.meanAbsoluteDifference(against: tificc), 0.25, "lcms2's tificc")
    }

    func testLinearTransferConvertsWithAGammaOfOne() throws {
        let (converted, samples) = try avif(cicp: "1/8/1")
        let reference = ColorArithmetic.convert(samples.image, decodingGamma: 1, from: ColorProfiles.srgbChromaticities)
        XCTAssertLessThanOrEqual(converted.image.meanAbsoluteDifference(against: reference), 0.25)
        XCTAssertGreaterThan(samples.image.meanAbsoluteDifference(against: reference), 5)
    }

    func testSRGBAndBT709AreLeftAlone() throws {
        for cicp in ["1/13/1", "1/1/1", "2/2/1"] {
            let (converted, samples) = try avif(cicp: cicp)
            XCTAssertNil(converted.sourceColorProfile, cicp)
            XCTAssertEqual(converted.warnings, [], cicp)
            XCTAssertEqual(converted.image, samples.image, cicp)
        }
    }

    func testHDRTransfersStayUnconvertedWithAWarning() throws {
        for (cicp, transfer) in [("9/16/9", "PQ"), ("9/18/9", "HLG")] {
            let (converted, samples) = try avif(cicp: cicp)
            XCTAssertNil(converted.sourceColorProfile, cicp)
            XCTAssertEqual(converted.image, samples.image, cicp)
            XCTAssertEqual(converted.warnings.count, 1, cicp)
            XCTAssertTrue(converted.warnings.first?.contains("HDR with the \(transfer) transfer") ?? false, "\(converted.warnings)")
            XCTAssertEqual(samples.warnings, [], "no conversion was asked for")
        }
    }

    func testUnknownCodePointsAreAWarning() {
        XCTAssertEqual(
            NCLXColor(primaries: 10, transfer: 13).conversion,
            .unconverted(reason: "its nclx colour primaries (10) are not supported"))
        XCTAssertEqual(
            NCLXColor(primaries: 1, transfer: 17).conversion,
            .unconverted(reason: "its nclx transfer characteristics (17) are not supported"))
        XCTAssertEqual(NCLXColor(primaries: 2, transfer: 2).conversion, .none)
    }

    func testAnICCProfileTakesPrecedenceOverNCLX() throws {
        let (converted, samples) = try avif(cicp: "12/13/1", ["--icc", srgbProfile])
        XCTAssertEqual(converted.sourceColorProfile, try [UInt8](Data(contentsOf: URL(fileURLWithPath: srgbProfile))))
        XCTAssertEqual(converted.image, samples.image, "sRGB's profile: nothing to convert")
    }
}
