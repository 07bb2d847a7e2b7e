import Foundation
import SepiaTestSupport
import XCTest

@testable import SepiaImaging

/// JPEG XL files made at test time by libjxl's own `cjxl` (Debian's libjxl-tools), decoded by
/// Sepia through libjxl and compared with their source.
final class JXLDecoderTests: XCTestCase {
    private var tool: ImageTools!
    private let source = TestImages.smooth(width: 64, height: 48)

    override func setUpWithError() throws {
        tool = try ImageTools()
        try tool.writePNG(source, as: "source.png")
    }

    override func tearDown() {
        tool = nil
    }

    /// Encodes `input` with cjxl and `options`, and decodes the result with `decoding`.
    private func jxl(
        _ name: String, _ options: [String], input: String = "source.png", decoding: ImageDecodingOptions = ImageDecodingOptions()
    ) throws -> DecodedImage {
        try tool.run("cjxl", [input, name, "--quiet"] + options)
        let bytes = try tool.read(name)
        XCTAssertEqual(ImageFormat(detecting: bytes), .jxl)
        let decoded = try ImageDecoder.decode(bytes, options: decoding)
        XCTAssertEqual(decoded.format, .jxl)
        return decoded
    }

    /// `source` with alpha falling from 255 on the left to 0 on the right.
    private var transparent: RGBAImage {
        var image = source
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = source.pixel(x: x, y: y)
                image.setPixel(x: x, y: y, red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: UInt8(255 - x * 4))
            }
        }
        return image
    }

    // MARK: Pixels

    func testLosslessCodestreamGivesTheSourceExactly() throws {
        let decoded = try jxl("lossless.jxl", ["-d", "0"])
        XCTAssertEqual(decoded.image, source)
        XCTAssertEqual(decoded.sourceWidth, 64)
        XCTAssertEqual(decoded.sourceHeight, 48)
        XCTAssertEqual(decoded.orientation, .up)
        XCTAssertNil(decoded.sourceColorProfile, "sRGB needs no conversion")
        XCTAssertNil(decoded.exif)
        XCTAssertEqual(decoded.warnings, [])
    }

    func testLossyImageIsCloseToItsSourceAndAlreadySRGB() throws {
        let decoded = try jxl("lossy.jxl", ["-d", "1"])
        XCTAssertEqual(decoded.image.width, 64)
        XCTAssertTrue(decoded.image.isOpaque)
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: source), 2)
        XCTAssertNil(decoded.sourceColorProfile, "libjxl renders XYB in sRGB itself")
        XCTAssertEqual(decoded.warnings, [])
    }

    func testContainerIsDecodedLikeTheCodestream() throws {
        let decoded = try jxl("boxed.jxl", ["-d", "0", "--container=1"])
        XCTAssertEqual(try tool.read("boxed.jxl").prefix(12), ArraySlice(MagicNumbers.jxlContainerSignature))
        XCTAssertEqual(decoded.image, source)
    }

    func testAlphaIsKeptLosslessAndLossy() throws {
        try tool.writePNG(transparent, as: "alpha.png")
        XCTAssertEqual(try jxl("alpha.jxl", ["-d", "0"], input: "alpha.png").image, transparent)
        let lossy = try jxl("alpha-lossy.jxl", ["-d", "1"], input: "alpha.png").image
        for x in [0, 20, 40, 63] {
            XCTAssertEqual(Int(lossy.pixel(x: x, y: 10).alpha), 255 - x * 4, accuracy: 4, "alpha at x = \(x)")
        }
    }

    func testSixteenBitSamplesAreRoundedToEightBits() throws {
        try tool.run("convert", ["source.png", "-depth", "16", "deep.png"])
        // ImageMagick tags the PNG with gAMA 1/2.2, which cjxl keeps as the codestream's gamma
        // curve: Sepia converts from it (a browser takes that PNG tag as sRGB, but this is JPEG
        // XL's explicit colour encoding), so the samples are compared unconverted.
        let samples = try jxl("deep.jxl", ["-d", "0"], input: "deep.png", decoding: ImageDecodingOptions(convertsToSRGB: false))
        XCTAssertNotNil(samples.sourceColorProfile, "a gamma 2.2 curve is not sRGB's")
        XCTAssertLessThanOrEqual(samples.image.meanAbsoluteDifference(against: source), 0.01)
    }

    func testGreyImageComesOutAsEqualChannels() throws {
        try tool.run("convert", ["source.png", "-colorspace", "Gray", "grey.png"])
        let decoded = try jxl("grey.jxl", ["-d", "0"], input: "grey.png")
        let pixel = decoded.image.pixel(x: 30, y: 20)
        XCTAssertEqual(pixel.red, pixel.green)
        XCTAssertEqual(pixel.green, pixel.blue)
    }

    func testAnimationGivesItsFirstFrame() throws {
        try tool.run("convert", ["source.png", "-flop", "flopped.png"])
        try tool.run("convert", ["-delay", "10", "source.png", "flopped.png", "-loop", "0", "animated.gif"])
        let decoded = try jxl("animated.jxl", ["-d", "0"], input: "animated.gif")
        let first = try ImageDecoder.decode(tool.read("animated.gif")).image
        XCTAssertEqual(decoded.image, first)
    }

    // MARK: Orientation and EXIF

    /// A JPEG of the source carrying EXIF orientation 6, which cjxl turns into the codestream's
    /// orientation (and keeps, Brotli-compressed, in an Exif box when it transcodes losslessly).
    private func turnedJPEG() throws -> [UInt8] {
        let plain = try tool.make("plain.jpg", with: "convert", ["source.png", "-quality", "95", "plain.jpg"])
        let turned = JPEGSegments.inserting(
            JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: 6, bigEndian: true)), into: plain)
        try tool.write(turned, as: "turned.jpg")
        return turned
    }

    func testCodestreamOrientationIsAppliedUnlessAskedNotTo() throws {
        let jpeg = try turnedJPEG()
        let upright = try ImageDecoder.decode(jpeg).image
        let decoded = try jxl("turned.jxl", ["-d", "0.5", "-j", "0"], input: "turned.jpg")
        XCTAssertEqual(decoded.orientation, .right)
        XCTAssertEqual(decoded.image.width, 48)
        XCTAssertEqual(decoded.image.height, 64)
        XCTAssertEqual(decoded.sourceWidth, 64, "the stored size")
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: upright), 3)

        let stored = try ImageDecoder.decode(tool.read("turned.jxl"), options: ImageDecodingOptions(appliesEXIFOrientation: false))
        XCTAssertEqual(stored.orientation, .right)
        XCTAssertEqual(stored.image.width, 64)
        XCTAssertEqual(stored.image.applyingOrientation(.right), decoded.image)
    }

    func testTranscodedJPEGsBrotliExifBoxIsReported() throws {
        let jpeg = try turnedJPEG()
        let decoded = try jxl("transcoded.jxl", ["-j", "1"], input: "turned.jpg")
        let exif = try XCTUnwrap(decoded.exif, "the Exif box, decompressed")
        XCTAssertEqual(exif.withUnsafeBytes { EXIFOrientation(exifTIFF: $0) }, .right)
        XCTAssertEqual(decoded.orientation, .right, "the codestream's orientation")
        XCTAssertEqual(decoded.image.width, 48)
        // The transcoded DCT coefficients are the JPEG's own: libjxl's pixels match libjpeg's.
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: try ImageDecoder.decode(jpeg).image), 1.5)
    }

    // MARK: Colour

    /// The colourful test photo tagged Display P3 by ImageMagick (the samples unchanged), its
    /// profile file, and lcms2's tificc conversion of the samples to sRGB.
    private func displayP3Photo() throws -> (photo: RGBAImage, reference: RGBAImage) {
        let photo = ColorReference.colourful(width: 96, height: 64)
        let profile = tool.folder.appendingPathComponent("display-p3.icc")
        try Data(ColorReference.displayP3Profile()).write(to: profile)
        try tool.write([UInt8](ColorReference.tagged(photo, profile: profile, as: "png", in: tool.folder)), as: "p3.png")
        return (photo, try ColorReference.tificc(photo, from: profile, in: tool.folder))
    }

    func testLosslessDisplayP3IsConvertedToSRGBLikeTificc() throws {
        let (photo, reference) = try displayP3Photo()
        let converted = try jxl("p3.jxl", ["-d", "0"], input: "p3.png")
        let samples = try ImageDecoder.decode(tool.read("p3.jxl"), options: ImageDecodingOptions(convertsToSRGB: false))
        XCTAssertNotNil(samples.sourceColorProfile, "the pixels' profile, for the conversion")
        XCTAssertEqual(samples.image, photo, "lossless: the P3 samples as stored")
        XCTAssertEqual(converted.warnings, [])
        XCTAssertLessThanOrEqual(converted.image.meanAbsoluteDifference(against: reference), 1)
        XCTAssertGreaterThan(photo.meanAbsoluteDifference(against: reference), 3, "the samples taken as sRGB would be wrong")
    }

    func testLossyDisplayP3IsRenderedInSRGBByLibjxl() throws {
        let (photo, reference) = try displayP3Photo()
        let decoded = try jxl("p3-lossy.jxl", ["-d", "0.5"], input: "p3.png")
        XCTAssertNil(decoded.sourceColorProfile, "libjxl rendered the XYB samples in sRGB")
        XCTAssertLessThanOrEqual(decoded.image.meanAbsoluteDifference(against: reference), 2.5)
        XCTAssertGreaterThan(photo.meanAbsoluteDifference(against: reference), 3)
    }

    // MARK: Limits and bad input

    func testPixelLimitIsCheckedFromTheHeaderBeforeDecoding() throws {
        try tool.run("cjxl", ["source.png", "limit.jxl", "--quiet"])
        let admission = RecordingAdmission()
        let options = admission.options(ImageDecodingOptions(pixelLimit: 1000))
        XCTAssertThrowsError(try ImageDecoder.decode(tool.read("limit.jxl"), options: options)) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 64, height: 48, limit: 1000))
        }
        XCTAssertEqual(admission.asked, [], "refused before the memory budget is asked")
    }

    func testMemoryBudgetIsAskedForTheImageAndLibjxlsBuffersAndCanRefuse() throws {
        try tool.run("cjxl", ["source.png", "budget.jxl", "--quiet"])
        let bytes = try tool.read("budget.jxl")
        let admission = RecordingAdmission()
        _ = try ImageDecoder.decode(bytes, options: admission.options())
        XCTAssertEqual(admission.asked, [64 * 48 * (4 + 8)], "lossy: the image and libjxl's 8 bytes a pixel")
        try tool.writePNG(transparent, as: "alpha.png")
        try tool.run("cjxl", ["alpha.png", "alpha.jxl", "--quiet", "-d", "0"])
        let lossless = RecordingAdmission()
        _ = try ImageDecoder.decode(tool.read("alpha.jxl"), options: lossless.options())
        XCTAssertEqual(lossless.asked, [64 * 48 * (4 + 24)], "lossless: libjxl's 24 bytes a pixel")

        struct Refused: Error, Equatable {}
        let refusing = RecordingAdmission(refusal: Refused())
        XCTAssertThrowsError(try ImageDecoder.decode(bytes, options: refusing.options())) { error in
            XCTAssertEqual(error as? Refused, Refused())
        }
        XCTAssertEqual(refusing.asked.count, 1)
    }

    func testTruncatedAndDamagedFilesAreClearErrors() throws {
        for (name, options) in [("whole.jxl", ["-d", "1"]), ("boxed.jxl", ["-d", "0", "--container=1"])] {
            try tool.run("cjxl", ["source.png", name, "--quiet"] + options)
            let whole = try tool.read(name)
            var damaged = whole
            for index in 20..<min(400, damaged.count) { damaged[index] ^= 0x5A }
            // The codestream's signature alone, or the container's signature box alone.
            let signature = Array(whole.prefix(whole.starts(with: MagicNumbers.jxlCodestreamSignature) ? 2 : 12))
            let cut = [signature, Array(whole.prefix(40)), Array(whole.prefix(whole.count / 2)), Array(whole.dropLast(3))]
            for broken in cut + [damaged] {
                for policy in [ImageDecodingOptions.DamagePolicy.rejectIncomplete, .lenient] {
                    XCTAssertThrowsError(
                        try ImageDecoder.decode(broken, options: ImageDecodingOptions(damagePolicy: policy)),
                        "\(name), \(broken.count) bytes"
                    ) { error in
                        switch error as? ImageDecodingError {
                        // Damage may also announce more data than there is (a box's size).
                        case .truncated(.jxl)?: break
                        case .corrupt(.jxl, let reason)?: XCTAssertTrue(reason.contains("libjxl"), reason)
                        case .tooLarge?: XCTAssertEqual(broken, damaged, "\(name): only damage changes the size")
                        default: XCTFail("\(name), \(broken.count) bytes: \(error)")
                        }
                    }
                }
            }
        }
    }

    func testGarbageAfterTheSignatureIsCorruptNotACrash() throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            for signature in [MagicNumbers.jxlCodestreamSignature, MagicNumbers.jxlContainerSignature] {
                let garbage = signature + TestImages.noise(count: 200, seed: seed)
                XCTAssertThrowsError(try ImageDecoder.decode(garbage), "seed \(seed)") { error in
                    switch error as? ImageDecodingError {
                    case .corrupt(.jxl, _)?, .truncated(.jxl)?, .tooLarge?: break
                    default: XCTFail("seed \(seed): \(error)")
                    }
                }
            }
        }
    }

    func testScaledDecodingIsNotAvailableSoTheTargetSizeIsIgnored() throws {
        let decoded = try jxl("full.jxl", ["-d", "1"], decoding: ImageDecodingOptions(targetSize: PixelSize(square: 16)))
        XCTAssertEqual(decoded.image.width, 64, "libjxl 0.7 decodes at full size only")
        XCTAssertEqual(decoded.scaleDenominator, 1)
    }
}
