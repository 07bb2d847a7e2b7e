import CSepiaCodecs
import Foundation
import XCTest

@testable import SepiaImaging

/// PNG's gAMA and cHRM chunks (without iCCP or sRGB) are applied, checked against the colour
/// science done here in plain arithmetic; sRGB and iCCP take precedence over them.
final class PNGColorChunkTests: XCTestCase {
    private let photo = ColorReference.colourful(width: 96, height: 64)

    private func gamma(_ value: Double) -> [UInt8] {
        PNGFileBuilder.chunk("gAMA", PNGFileBuilder.uint32(Int((value * 100_000).rounded())))
    }

    private func chromaticities(_ c: sepia_chromaticities) -> [UInt8] {
        let values = [c.white_x, c.white_y, c.red_x, c.red_y, c.green_x, c.green_y, c.blue_x, c.blue_y]
        return PNGFileBuilder.chunk("cHRM", values.flatMap { PNGFileBuilder.uint32(Int(($0 * 100_000).rounded())) })
    }

    private func png(with chunks: [[UInt8]]) throws -> [UInt8] {
        var png = try ImageEncoder.encode(photo, as: .png)
        for chunk in chunks.reversed() { png = PNGChunks.insertingAfterHeader(chunk, into: png) }
        return png
    }

    func testGammaOnlyMeansSRGBPrimariesWithThatGamma() throws {
        let decoded = try ImageDecoder.decode(try png(with: [gamma(1 / 1.8)]))
        XCTAssertNotNil(decoded.sourceColorProfile)
        let reference = ColorArithmetic.convert(photo, decodingGamma: 1.8, from: ColorProfiles.srgbChromaticities)
        XCTAssertLessThanOrEqual(decoded.image.meanAbsoluteDifference(against: reference), 1)
        XCTAssertGreaterThan(photo.meanAbsoluteDifference(against: reference), 5)
    }

    func testGammaAndChromaticitiesConvertThePrimaries() throws {
        let p3 = ColorReference.displayP3Chromaticities
        let decoded = try ImageDecoder.decode(try png(with: [gamma(1 / 2.2), chromaticities(p3)]))
        let reference = ColorArithmetic.convert(photo, decodingGamma: 2.2, from: p3)
        XCTAssertLessThanOrEqual(decoded.image.meanAbsoluteDifference(against: reference), 1)
        let gammaOnly = ColorArithmetic.convert(photo, decodingGamma: 2.2, from: ColorProfiles.srgbChromaticities)
        XCTAssertGreaterThan(gammaOnly.meanAbsoluteDifference(against: reference), 3)
    }

    func testTheGammaAndChromaticitiesThatStandForSRGBLeaveThePixelsAlone() throws {
        let srgb = ColorProfiles.srgbChromaticities
        XCTAssertEqual(try ImageDecoder.decode(try png(with: [gamma(1 / 2.2)])).image, photo, "ImageMagick's tag for sRGB")
        XCTAssertEqual(try ImageDecoder.decode(try png(with: [gamma(1 / 2.2), chromaticities(srgb)])).image, photo)
        let literal = ColorArithmetic.convert(photo, decodingGamma: 2.2, from: srgb)
        XCTAssertGreaterThan(photo.meanAbsoluteDifference(against: literal), 1, "a pure 2.2 curve would have changed them")
    }

    func testSRGBChunkOverridesGamma() throws {
        let decoded = try ImageDecoder.decode(try png(with: [PNGFileBuilder.chunk("sRGB", [0]), gamma(1 / 1.8)]))
        XCTAssertNil(decoded.sourceColorProfile)
        XCTAssertEqual(decoded.image, photo)
    }

    func testICCProfileOverridesGammaAndChromaticities() throws {
        let profile = try ColorReference.displayP3Profile()
        let iccp = PNGFileBuilder.chunk("iCCP", Array("P3".utf8) + [0, 0] + PNGFileBuilder.zlibStored(profile))
        let decoded = try ImageDecoder.decode(try png(with: [gamma(1 / 1.8), iccp]))
        XCTAssertEqual(decoded.sourceColorProfile, profile)
    }

    func testConversionCanBeTurnedOff() throws {
        let decoded = try ImageDecoder.decode(try png(with: [gamma(1 / 1.8)]), options: .init(convertsToSRGB: false))
        XCTAssertNotNil(decoded.sourceColorProfile)
        XCTAssertEqual(decoded.image, photo)
    }
}
