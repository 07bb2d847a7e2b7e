import Foundation
import XCTest

@testable import SepiaImaging

/// What each decoder asks `ImageDecodingOptions.memoryAdmission` for, once the header has given
/// its size (issue 27): its RGBA image, an oriented copy and the library's own large buffers for
/// a whole-image decode; only its band of rows for a streamed one. (TIFF: `TIFFMemoryBoundTests`.)
final class DecoderMemoryAdmissionTests: XCTestCase {
    private var tools: ImageTools!
    /// The RGBA bytes of a 64×48 image.
    private let imageBytes = 64 * 48 * 4

    override func setUpWithError() throws {
        tools = try ImageTools()
        try tools.writePNG(ColorReference.colourful(width: 64, height: 48), as: "source.png")
    }

    override func tearDown() {
        tools = nil
    }

    /// What a whole-image decode of `bytes` with `options` asked for.
    private func asked(decoding bytes: [UInt8], options: ImageDecodingOptions = ImageDecodingOptions()) throws -> [Int] {
        let admission = RecordingAdmission()
        _ = try ImageDecoder.decode(bytes, options: admission.options(options))
        return admission.asked
    }

    /// What a streamed transcode of `bytes` with `options` asked for.
    private func asked(streaming bytes: [UInt8], options: ImageDecodingOptions = ImageDecodingOptions()) throws -> [Int] {
        let admission = RecordingAdmission()
        let output = try JPEGStreaming.transcode(
            bytes, matrix: nil, quality: 85, keepingMetadata: false, options: admission.options(options))
        XCTAssertNotNil(output, "streamed")
        return admission.asked
    }

    func testPNGGIFAndBMPAskForTheirImage() throws {
        XCTAssertEqual(try asked(decoding: tools.read("source.png")), [imageBytes])
        XCTAssertEqual(try asked(decoding: tools.make("out.gif", with: "convert", ["source.png", "out.gif"])), [imageBytes])
        XCTAssertEqual(try asked(decoding: tools.make("out.bmp", with: "convert", ["source.png", "BMP3:out.bmp"])), [imageBytes])
    }

    func testAJPEGAsksForItsImageItsTurnedCopyAndItsCoefficients() throws {
        let baseline = try tools.make("baseline.jpg", with: "convert", ["source.png", "-sampling-factor", "2x2", "baseline.jpg"])
        XCTAssertEqual(try asked(decoding: baseline), [imageBytes], "a single scan holds no coefficients")
        let turned = JPEGSegments.inserting(
            JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: 6, bigEndian: false)), into: baseline)
        XCTAssertEqual(try asked(decoding: turned), [2 * imageBytes], "the image and its turned copy")
        // DCT scaling by 1/2 for a 32×32 box: a 32×24 image.
        XCTAssertEqual(try asked(decoding: baseline, options: ImageDecodingOptions(targetSize: PixelSize(square: 32))), [32 * 24 * 4])

        let progressive = try tools.make(
            "progressive.jpg", with: "convert", ["source.png", "-sampling-factor", "2x2", "-interlace", "JPEG", "progressive.jpg"])
        // 128 bytes a block: luma 8×6 blocks, each chroma plane 4×3 (whole MCUs of 2×2 luma blocks).
        let coefficients = (8 * 6 + 2 * 4 * 3) * 128
        XCTAssertEqual(try asked(decoding: progressive), [imageBytes + coefficients])
        // libjpeg holds the coefficients at full size whatever the scale.
        XCTAssertEqual(
            try asked(decoding: progressive, options: ImageDecodingOptions(targetSize: PixelSize(square: 32))),
            [32 * 24 * 4 + coefficients])
    }

    func testAWebPAsksForItsOutputAndLibwebpsCanvases() throws {
        let lossy = try tools.make("lossy.webp", with: "cwebp", ["-quiet", "source.png", "-o", "lossy.webp"])
        XCTAssertEqual(try asked(decoding: lossy), [imageBytes])
        XCTAssertEqual(try asked(decoding: lossy, options: ImageDecodingOptions(targetSize: PixelSize(square: 32))), [32 * 24 * 4])
        let lossless = try tools.make("lossless.webp", with: "cwebp", ["-quiet", "-lossless", "source.png", "-o", "lossless.webp"])
        XCTAssertEqual(try asked(decoding: lossless), [2 * imageBytes], "the output and the lossless decoder's canvas")
        try tools.run("convert", ["source.png", "-flop", "source.png", "animated.gif"])
        let animated = try tools.make("animated.webp", with: "gif2webp", ["-quiet", "animated.gif", "-o", "animated.webp"])
        XCTAssertEqual(try asked(decoding: animated), [3 * imageBytes], "the output and the animation decoder's two canvases")
    }

    func testAHEIFAsksForItsCodedPlanesThenForItsImages() throws {
        let heic = try tools.make("out.heic", with: "heif-enc", ["-q", "90", "source.png", "-o", "out.heic"])
        XCTAssertEqual(try asked(decoding: heic), [imageBytes, 2 * imageBytes], "8-bit planes, then libheif's RGBA and ours")
    }

    func testAStreamedJPEGAsksOnlyForItsBand() throws {
        let photo = try tools.make("photo.jpg", with: "convert", ["source.png", "-sampling-factor", "2x2", "photo.jpg"])
        // Through planes at full size: 16 rows of 64 luma samples and 8 rows of 32 of each chroma plane.
        XCTAssertEqual(try asked(streaming: photo), [16 * 64 + 2 * 8 * 32])
        // Through RGBA rows, DCT-scaled by 1/2 to 32×24 and shrunk to 20×15: 16 rows of 32
        // pixels, and the resize's 3 rows of 20 pixels of floats and its output row.
        let box = ImageDecodingOptions(targetSize: PixelSize(square: 20))
        XCTAssertEqual(try asked(streaming: photo, options: box), [16 * 32 * 4 + 3 * 20 * 16 + 20 * 4])
        // Through planes DCT-scaled by 1/2 to 32×24, which fits a 32×32 box: 16 rows of 32 luma
        // samples, 8 rows of 16 of each 4:2:0 chroma plane, and 16 rows of 32 of each chroma
        // plane as the scaled decode gives it.
        XCTAssertEqual(
            try asked(streaming: photo, options: ImageDecodingOptions(targetSize: PixelSize(square: 32))),
            [16 * 32 + 2 * 8 * 16 + 2 * 16 * 32])

        let progressive = try tools.make(
            "progressive.jpg", with: "convert", ["source.png", "-sampling-factor", "2x2", "-interlace", "JPEG", "progressive.jpg"])
        let coefficients = (8 * 6 + 2 * 4 * 3) * 128
        XCTAssertEqual(try asked(streaming: progressive), [16 * 64 + 2 * 8 * 32 + coefficients], "the band and the coefficients")
    }

    func testAStreamedPNGAsksOnlyForItsBand() throws {
        XCTAssertEqual(try asked(streaming: tools.read("source.png")), [16 * 64 * 4])
    }

    func testARefusalStopsEveryDecoderBeforeItsPixels() throws {
        struct Refused: Error, Equatable {}
        let files = [
            try tools.read("source.png"),
            try tools.make("a.jpg", with: "convert", ["source.png", "a.jpg"]),
            try tools.make("a.gif", with: "convert", ["source.png", "a.gif"]),
            try tools.make("a.bmp", with: "convert", ["source.png", "BMP3:a.bmp"]),
            try tools.make("a.webp", with: "cwebp", ["-quiet", "source.png", "-o", "a.webp"]),
            try tools.make("a.heic", with: "heif-enc", ["source.png", "-o", "a.heic"]),
            try tools.make("a.jxl", with: "cjxl", ["source.png", "a.jxl", "--quiet"]),
        ]
        for (index, file) in files.enumerated() {
            let admission = RecordingAdmission(refusal: Refused())
            XCTAssertThrowsError(try ImageDecoder.decode(file, options: admission.options())) { error in
                XCTAssertEqual(error as? Refused, Refused(), "file \(index)")
            }
            XCTAssertEqual(admission.asked.count, 1, "file \(index)")
        }
    }
}
