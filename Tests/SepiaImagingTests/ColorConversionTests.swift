import Foundation
import SepiaTestSupport
import XCTest

@testable import SepiaImaging

/// ICC-tagged photos decode to the sRGB pixels lcms2's own `tificc` makes of the same samples,
/// and far from the unconverted samples (so each check can fail).
final class ColorConversionTests: XCTestCase {
    private let photo = ColorReference.colourful(width: 192, height: 128)

    /// Decodes `data` with and without conversion and compares both with tificc's conversion of
    /// the unconverted samples from `profile`.
    private func assertMatchesTificc(
        _ data: Data, profile: URL, in directory: URL, farAtLeast distance: Double, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let samples = try ImageDecoder.decode(data, options: .init(convertsToSRGB: false))
        XCTAssertNotNil(samples.sourceColorProfile, "the decoder should report the embedded profile", file: file, line: line)
        let converted = try ImageDecoder.decode(data)
        XCTAssertEqual(converted.warnings, [], file: file, line: line)
        let reference = try ColorReference.tificc(samples.image, from: profile, in: directory)
        let error = converted.image.meanAbsoluteDifference(against: reference)
        let unconverted = samples.image.meanAbsoluteDifference(against: reference)
        XCTAssertLessThanOrEqual(error, 1, "mean difference per channel from tificc", file: file, line: line)
        XCTAssertGreaterThan(unconverted, distance, "the unconverted samples should be far from tificc's result", file: file, line: line)
    }

    func testAdobeRGBJPEGMatchesTificc() throws {
        let directory = try makeTemporaryDirectory()
        let profile = try ColorReference.ghostscriptProfile("a98.icc")
        let jpeg = try ColorReference.tagged(photo, profile: profile, as: "jpg", in: directory)
        try assertMatchesTificc(jpeg, profile: profile, in: directory, farAtLeast: 3)
    }

    func testProPhotoJPEGMatchesTificc() throws {
        let directory = try makeTemporaryDirectory()
        let profile = try ColorReference.ghostscriptProfile("rommrgb.icc")
        let jpeg = try ColorReference.tagged(photo, profile: profile, as: "jpg", in: directory)
        try assertMatchesTificc(jpeg, profile: profile, in: directory, farAtLeast: 8)
    }

    func testDisplayP3PNGMatchesTificc() throws {
        let directory = try makeTemporaryDirectory()
        let profile = directory.appendingPathComponent("display-p3.icc")
        try Data(ColorReference.displayP3Profile()).write(to: profile)
        let png = try ColorReference.tagged(photo, profile: profile, as: "png", in: directory)
        XCTAssertTrue(PNGChunks.types(in: [UInt8](png)).contains("iCCP"))
        try assertMatchesTificc(png, profile: profile, in: directory, farAtLeast: 3)
    }

    func testCMYKJPEGConvertsThroughItsProfile() throws {
        let directory = try makeTemporaryDirectory()
        let profile = try ColorReference.ghostscriptProfile("default_cmyk.icc")
        let plain = try ColorReference.writePNG(photo, named: "plain.png", in: directory)
        let jpeg = directory.appendingPathComponent("cmyk.jpg")
        try DebianTool.run(
            "convert", [plain.path, "-colorspace", "CMYK", "-quality", "95", "-profile", profile.path, jpeg.path], package: "imagemagick")
        // The reference: ImageMagick's reading of the CMYK samples, through tificc.
        let cmykTIFF = directory.appendingPathComponent("cmyk.tif")
        try DebianTool.run("convert", [jpeg.path, "-strip", "-compress", "none", cmykTIFF.path], package: "imagemagick")
        let reference = try ColorReference.tificc(tiff: cmykTIFF, from: profile, in: directory)

        let data = try Data(contentsOf: jpeg)
        let converted = try ImageDecoder.decode(data)
        let naive = try ImageDecoder.decode(data, options: .init(convertsToSRGB: false))
        XCTAssertEqual(converted.warnings, [])
        XCTAssertNotNil(converted.sourceColorProfile)
        XCTAssertTrue(converted.image.isOpaque)
        XCTAssertLessThanOrEqual(converted.image.meanAbsoluteDifference(against: reference), 1)
        XCTAssertGreaterThan(naive.image.meanAbsoluteDifference(against: reference), 5)
    }

    /// A CMYK TIFF written by ImageMagick (`-colorspace CMYK`, then `-profile` tags it with the
    /// CMYK profile), 8 and 16 bits a sample, converts through its profile to what lcms2's own
    /// `tificc` makes of the same file; without conversion the inks are turned into RGB naively,
    /// far from it (34 levels a channel on average here).
    func testCMYKTIFFConvertsThroughItsProfile() throws {
        let directory = try makeTemporaryDirectory()
        let profile = try ColorReference.ghostscriptProfile("ps_cmyk.icc")
        let plain = try ColorReference.writePNG(photo, named: "plain.png", in: directory)
        for depth in ["8", "16"] {
            let tiff = directory.appendingPathComponent("cmyk-\(depth).tif")
            try DebianTool.run(
                "convert", [plain.path, "-colorspace", "CMYK", "-depth", depth, "-compress", "lzw", "-profile", profile.path, tiff.path],
                package: "imagemagick")
            let data = try Data(contentsOf: tiff)
            let reference = try ColorReference.tificc(tiff: tiff, from: profile, in: directory)
            let converted = try ImageDecoder.decode(data)
            let naive = try ImageDecoder.decode(data, options: .init(convertsToSRGB: false))
            XCTAssertEqual(converted.sourceColorProfile, Array(try Data(contentsOf: profile)), "\(depth)-bit")
            XCTAssertEqual(converted.warnings, [], "\(depth)-bit")
            XCTAssertTrue(converted.image.isOpaque, "\(depth)-bit")
            // The same lcms2 transform of the same 8-bit inks: 0 here. 16-bit inks are rounded to
            // 8 bits before Sepia's transform and not before tificc's: 0.06 here (3 levels at most).
            XCTAssertLessThanOrEqual(converted.image.meanAbsoluteDifference(against: reference), 0.25, "\(depth)-bit")
            XCTAssertGreaterThan(naive.image.meanAbsoluteDifference(against: reference), 5, "\(depth)-bit")
        }
    }

    func testGreyJPEGConvertsThroughItsGreyProfile() throws {
        let directory = try makeTemporaryDirectory()
        let profile = try ColorReference.ghostscriptProfile("ps_gray.icc")
        let plain = try ColorReference.writePNG(photo, named: "plain.png", in: directory)
        let jpeg = directory.appendingPathComponent("grey.jpg")
        try DebianTool.run(
            "convert", [plain.path, "-colorspace", "Gray", "-quality", "95", "-profile", profile.path, jpeg.path], package: "imagemagick")
        let data = try Data(contentsOf: jpeg)
        let samples = try ImageDecoder.decode(data, options: .init(convertsToSRGB: false)).image
        let greyTIFF = directory.appendingPathComponent("grey.tif")
        let samplesPNG = try ColorReference.writePNG(samples, named: "samples.png", in: directory)
        try DebianTool.run(
            "convert", [samplesPNG.path, "-colorspace", "Gray", "-depth", "8", "-compress", "none", greyTIFF.path], package: "imagemagick")
        let reference = try ColorReference.tificc(tiff: greyTIFF, from: profile, in: directory)
        let converted = try ImageDecoder.decode(data)
        XCTAssertEqual(converted.warnings, [])
        XCTAssertLessThanOrEqual(converted.image.meanAbsoluteDifference(against: reference), 1)
        XCTAssertGreaterThan(samples.meanAbsoluteDifference(against: reference), 5)
    }

    func testSRGBTaggedPhotoIsLeftAlone() throws {
        let directory = try makeTemporaryDirectory()
        let jpeg = try ColorReference.tagged(photo, profile: try ColorReference.ghostscriptProfile("srgb.icc"), as: "jpg", in: directory)
        let converted = try ImageDecoder.decode(jpeg)
        let samples = try ImageDecoder.decode(jpeg, options: .init(convertsToSRGB: false))
        XCTAssertNotNil(converted.sourceColorProfile)
        XCTAssertEqual(converted.image, samples.image)
        XCTAssertEqual(converted.warnings, [])
    }

    func testBrokenProfileIsAWarningAndThePixelsAreKept() throws {
        let jpeg = try ImageEncoder.encode(photo, as: .jpeg(quality: 90))
        var profile = Array(try Data(contentsOf: try ColorReference.ghostscriptProfile("a98.icc")))
        profile.replaceSubrange(128..<profile.count, with: TestImages.noise(count: profile.count - 128, seed: 12))
        let broken = JPEGSegments.inserting(ICCSegments.app2(profile), into: jpeg)
        let decoded = try ImageDecoder.decode(broken)
        let plain = try ImageDecoder.decode(jpeg)
        XCTAssertEqual(decoded.sourceColorProfile, profile)
        XCTAssertEqual(decoded.image, plain.image)
        XCTAssertEqual(decoded.warnings.count, 1)
        XCTAssertTrue(decoded.warnings.first?.contains("colour profile was ignored") ?? false, "\(decoded.warnings)")
    }

    func testProfileSplitOverSeveralSegmentsIsJoinedInOrder() throws {
        let directory = try makeTemporaryDirectory()
        let profileURL = try ColorReference.ghostscriptProfile("a98.icc")
        let profile = Array(try Data(contentsOf: profileURL))
        let jpeg = try ImageEncoder.encode(photo, as: .jpeg(quality: 95))
        // Three chunks, written out of order: the sequence numbers put them back.
        let third = profile.count / 3
        let chunks: [[UInt8]] = [Array(profile[0..<third]), Array(profile[third..<2 * third]), Array(profile[(2 * third)...])]
        var tagged = jpeg
        for (index, chunk) in chunks.enumerated().reversed() {
            tagged = JPEGSegments.inserting(ICCSegments.app2(chunk, number: index + 1, of: chunks.count), into: tagged)
        }
        let decoded = try ImageDecoder.decode(tagged)
        XCTAssertEqual(decoded.sourceColorProfile, profile)
        let samples = try ImageDecoder.decode(tagged, options: .init(convertsToSRGB: false)).image
        let reference = try ColorReference.tificc(samples, from: profileURL, in: directory)
        XCTAssertLessThanOrEqual(decoded.image.meanAbsoluteDifference(against: reference), 1)
    }

    func testUntaggedPhotoHasNoProfile() throws {
        let decoded = try ImageDecoder.decode(try ImageEncoder.encode(photo, as: .jpeg(quality: 90)))
        XCTAssertNil(decoded.sourceColorProfile)
    }
}
