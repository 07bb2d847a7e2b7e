import Foundation
import SepiaOperations
import XCTest

@testable import SepiaImaging

/// AVIF files made at test time by libavif's `avifenc` (AV1, decoded by dav1d through libheif)
/// and HEIC files by libheif's `heif-enc` (HEVC: x265 encodes, libde265 decodes), compared with
/// their PNG source.
final class HEIFDecoderTests: XCTestCase {
    private var tool: ImageTools!
    private let source = TestImages.smooth(width: 64, height: 48)

    override func setUpWithError() throws {
        tool = try ImageTools()
        try tool.writePNG(source, as: "source.png")
    }

    override func tearDown() {
        tool = nil
    }

    /// Encodes source.png (or `input`) with avifenc, at a high quality, and decodes the result.
    private func avif(_ name: String, _ options: [String] = [], input: String = "source.png") throws -> DecodedImage {
        try tool.run("avifenc", ["-s", "8", "--min", "0", "--max", "8"] + options + [input, name])
        let decoded = try ImageDecoder.decode(tool.read(name))
        XCTAssertEqual(decoded.format, .avif)
        return decoded
    }

    // MARK: AVIF

    func testAVIFIsCloseToItsSource() throws {
        let decoded = try avif("plain.avif")
        XCTAssertEqual(decoded.image.width, 64)
        XCTAssertEqual(decoded.image.height, 48)
        XCTAssertEqual(decoded.sourceWidth, 64)
        XCTAssertEqual(decoded.orientation, .up)
        XCTAssertTrue(decoded.image.isOpaque)
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: source), 2)
        XCTAssertNil(decoded.sourceColorProfile)
        XCTAssertEqual(decoded.warnings, [])
    }

    func testTenBitAVIFIsScaledToEightBits() throws {
        let decoded = try avif("deep.avif", ["-d", "10"])
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: source), 2)
    }

    func testAVIFAlphaComesFromTheAuxiliaryImage() throws {
        var transparent = source
        for y in 0..<transparent.height {
            for x in 0..<transparent.width {
                let pixel = source.pixel(x: x, y: y)
                transparent.setPixel(x: x, y: y, red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: x < 32 ? 255 : 64)
            }
        }
        try tool.writePNG(transparent, as: "alpha.png")
        let decoded = try avif("alpha.avif", ["--minalpha", "0", "--maxalpha", "0"], input: "alpha.png")
        XCTAssertEqual(decoded.image.pixel(x: 5, y: 5).alpha, 255)
        XCTAssertEqual(Double(decoded.image.pixel(x: 50, y: 20).alpha), 64, accuracy: 2)
    }

    func testRotationAndMirroringAreAppliedByLibheif() throws {
        // irot 1 turns the image 90° anticlockwise for display: EXIF orientation 8.
        let turned = try avif("turned.avif", ["--irot", "1"])
        XCTAssertEqual(turned.orientation, .up)
        XCTAssertEqual(turned.image.width, 48)
        XCTAssertEqual(turned.sourceWidth, 48, "the transformed size, as the pixels have it")
        XCTAssertLessThan(turned.image.meanAbsoluteDifference(against: source.applyingOrientation(.left)), 2)

        // imir 1 mirrors left to right (libavif's mode 1; ISO/IEC 23008-12 axis 1, vertical).
        let mirrored = try avif("mirrored.avif", ["--imir", "1"])
        XCTAssertLessThan(mirrored.image.meanAbsoluteDifference(against: source.applyingOrientation(.upMirrored)), 2)
    }

    func testAVIFICCProfileIsReported() throws {
        let profilePath = "/usr/share/color/icc/ghostscript/a98.icc"
        let profile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: profilePath)))
        XCTAssertEqual(try avif("tagged.avif", ["--icc", profilePath]).sourceColorProfile, profile)
    }

    func testAVIFExifItemIsReportedButNotApplied() throws {
        // Orientation 6 in a big-endian TIFF structure. avifenc writes it as irot too, which
        // libheif applies: turned once (48 wide), not a second time by the EXIF tag.
        let exif: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0] + [0, 0, 0, 0]
        try tool.write(exif, as: "exif.bin")
        let decoded = try avif("exif.avif", ["--exif", "exif.bin"])
        XCTAssertEqual(decoded.exif, exif)
        XCTAssertEqual(decoded.orientation, .up)
        XCTAssertEqual(decoded.image.width, 48)
        XCTAssertNil(try avif("plain.avif").exif)
    }

    func testConcurrentDecodesAgree() throws {
        try tool.run("avifenc", ["-s", "8", "source.png", "shared.avif"])
        let bytes = try tool.read("shared.avif")
        let expected = try ImageDecoder.decode(bytes).image
        let results = Locked([RGBAImage?](repeating: nil, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let image = try? ImageDecoder.decode(bytes).image
            results.withLock { $0[index] = image }
        }
        XCTAssertEqual(results.withLock { $0 }, [RGBAImage?](repeating: expected, count: 8))
    }

    // MARK: HEIC

    func testHEICIsCloseToItsSource() throws {
        try tool.run("heif-enc", ["-q", "95", "source.png", "-o", "plain.heic"])
        let decoded = try ImageDecoder.decode(tool.read("plain.heic"))
        XCTAssertEqual(decoded.format, .heic)
        XCTAssertEqual(decoded.image.width, 64)
        XCTAssertLessThan(decoded.image.meanAbsoluteDifference(against: source), 3)
    }

    func testHEICICCProfileFromThePNGIsReported() throws {
        let profilePath = "/usr/share/color/icc/ghostscript/a98.icc"
        try tool.run("convert", ["source.png", "-profile", profilePath, "tagged.png"])
        try tool.run("heif-enc", ["-q", "90", "tagged.png", "-o", "tagged.heic"])
        let decoded = try ImageDecoder.decode(tool.read("tagged.heic"))
        XCTAssertEqual(decoded.sourceColorProfile, try [UInt8](Data(contentsOf: URL(fileURLWithPath: profilePath))))
    }

    // MARK: Bad input

    func testPixelLimitIsCheckedFromIspeBeforeDecoding() throws {
        try tool.run("avifenc", ["-s", "8", "source.png", "limit.avif"])
        XCTAssertThrowsError(try ImageDecoder.decode(tool.read("limit.avif"), options: ImageDecodingOptions(pixelLimit: 1000))) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 64, height: 48, limit: 1000))
        }
    }

    func testASideLongerThanLibheifsDefaultLimitIsRefused() throws {
        // The ispe box (ISO/IEC 23008-12, 6.5.3): "ispe", version and flags, then the width
        // and the height as 32-bit big-endian numbers. 40,000 × 48 is within the pixel limit,
        // but a side libheif refuses by default (32,767 at most): Sepia used to pass the pixel
        // limit (100,000,000) as libheif's limit on each side, loosening it.
        var announced = try tool.make("wide.avif", with: "avifenc", ["-s", "8", "source.png", "wide.avif"])
        let ispe = Array("ispe".utf8)
        let boxes = (0...(announced.count - ispe.count)).filter { announced[$0..<$0 + ispe.count].elementsEqual(ispe) }
        XCTAssertFalse(boxes.isEmpty)
        for box in boxes { announced.replaceSubrange(box + 8..<box + 12, with: [0, 0, 0x9C, 0x40]) }
        XCTAssertThrowsError(try ImageDecoder.decode(announced)) { error in
            guard case .unsupportedFeature(.avif, let reason)? = error as? ImageDecodingError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(reason.contains("40000x48 exceeds the maximum image size 32768x32768"), reason)
        }
    }

    func testTruncatedAndDamagedFilesAreClearErrors() throws {
        try tool.run("avifenc", ["-s", "8", "source.png", "whole.avif"])
        try tool.run("heif-enc", ["source.png", "-o", "whole.heic"])
        for (name, format) in [("whole.avif", ImageFormat.avif), ("whole.heic", .heic)] {
            let whole = try tool.read(name)
            var damaged = whole
            for index in 24..<min(200, damaged.count) { damaged[index] ^= 0xA5 }
            for broken in [Array(whole.prefix(40)), Array(whole.prefix(whole.count / 2)), Array(whole.dropLast(10)), damaged] {
                XCTAssertThrowsError(try ImageDecoder.decode(broken), "\(name), \(broken.count) bytes") { error in
                    switch error as? ImageDecodingError {
                    case .truncated(format)?: break
                    case .corrupt(format, let reason)?: XCTAssertFalse(reason.isEmpty)
                    case .unsupportedFeature(format, let reason)?: XCTAssertFalse(reason.isEmpty)
                    default: XCTFail("\(name), \(broken.count) bytes: \(error)")
                    }
                }
            }
        }
    }
}
