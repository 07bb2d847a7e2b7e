import Foundation
import SepiaTestSupport
import XCTest

@testable import SepiaImaging

/// The band-wise transcode gives what the whole-image path gives (decode, `apply`, encode):
/// byte for byte through RGBA rows, and visually identical through YCbCr planes (a 4:2:0 photo
/// at full size); it takes only the photos it can stream, and fails as the decoder does.
final class JPEGStreamingTests: XCTestCase {
    private let sepia = ColorMatrix.sepia(intensity: 0.8)

    /// A photo whose size is no multiple of the band or of a JPEG block.
    private static let photo: [UInt8] = {
        (try? ImageEncoder.encode(ColorReference.colourful(width: 333, height: 247), as: .jpeg(quality: 92))) ?? []
    }()

    /// The whole-image path's output of `bytes`.
    private func wholeImageOutput(
        _ bytes: [UInt8], matrix: ColorMatrix?, quality: Int = 85, keepingMetadata: Bool = false,
        options: ImageDecodingOptions = ImageDecodingOptions()
    ) throws -> [UInt8] {
        let decoded = try ImageDecoder.decode(bytes, options: options)
        var image = decoded.image
        if let matrix { image.apply(matrix, parallel: false) }
        if let box = options.targetSize { image = image.resized(toFit: box, parallel: false) }
        return try ImageEncoder.encode(
            image, as: .jpeg(quality: quality), metadata: keepingMetadata ? OutputMetadata(keepingFrom: decoded) : nil)
    }

    private func streamed(
        _ bytes: [UInt8], matrix: ColorMatrix?, quality: Int = 85, keepingMetadata: Bool = false,
        options: ImageDecodingOptions = ImageDecodingOptions(), file: StaticString = #filePath, line: UInt = #line
    ) throws -> JPEGStreaming.Output {
        let output = try JPEGStreaming.transcode(
            bytes, matrix: matrix, quality: quality, keepingMetadata: keepingMetadata, options: options)
        return try XCTUnwrap(output, "the photo should be streamed", file: file, line: line)
    }

    /// The two ways through `JPEGStreaming`.
    private enum Path {
        case rows, planes
    }

    /// The lowest PSNR, in dB, of a photo through planes against the whole-image path's,
    /// decoded. Measured 48 dB on `Benchmarks/compare`'s photos (a mean difference of 0.53-0.58
    /// levels) and 45-51 dB on these; a JPEG at quality 85 is 35-40 dB from its source.
    private static let planesLowestPSNR = 40.0

    /// `bytes` streamed through `path` against the whole-image path's output: byte for byte
    /// through rows; through planes, the same size and metadata, and a PSNR of at least
    /// `planesLowestPSNR` once both are decoded.
    private func assertMatchesWholeImage(
        _ bytes: [UInt8], through path: Path, matrix: ColorMatrix?, quality: Int = 85, keepingMetadata: Bool = false,
        options: ImageDecodingOptions = ImageDecodingOptions(), file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let output = try streamed(
            bytes, matrix: matrix, quality: quality, keepingMetadata: keepingMetadata, options: options, file: file, line: line)
        XCTAssertEqual(output.isFromPlanes, path == .planes, "through \(path)", file: file, line: line)
        let expected = try wholeImageOutput(bytes, matrix: matrix, quality: quality, keepingMetadata: keepingMetadata, options: options)
        let wanted = try ImageDecoder.decode(expected)
        XCTAssertEqual(output.size, wanted.image.size, file: file, line: line)
        XCTAssertEqual(output.decodedSize, try ImageDecoder.decode(bytes, options: options).image.size, file: file, line: line)
        switch path {
        case .rows:
            XCTAssertEqual(output.bytes.count, expected.count, "sizes", file: file, line: line)
            XCTAssertTrue(output.bytes == expected, "the streamed bytes differ from the whole-image path's", file: file, line: line)
        case .planes:
            let actual = try ImageDecoder.decode(output.bytes)
            XCTAssertEqual(actual.image.size, wanted.image.size, file: file, line: line)
            XCTAssertEqual(actual.exif != nil, wanted.exif != nil, "the EXIF is written alike", file: file, line: line)
            XCTAssertGreaterThanOrEqual(
                actual.image.peakSignalToNoiseRatio(against: wanted.image), Self.planesLowestPSNR, "PSNR", file: file, line: line)
        }
    }

    func testSepiaPhotoIsVisuallyIdenticalToTheWholeImagePath() throws {
        try assertMatchesWholeImage(Self.photo, through: .planes, matrix: sepia)
        try assertMatchesWholeImage(Self.photo, through: .planes, matrix: .grayscale, quality: 60)
        try assertMatchesWholeImage(Self.photo, through: .planes, matrix: nil, quality: 100)
        // The filter did something: the sepia output is not the unfiltered one.
        XCTAssertNotEqual(try streamed(Self.photo, matrix: sepia).bytes, try streamed(Self.photo, matrix: nil).bytes)
    }

    func testLargePhotoOfManyBandsIsVisuallyIdentical() throws {
        let large = try ImageEncoder.encode(ColorReference.colourful(width: 1600, height: 1200), as: .jpeg(quality: 85))
        try assertMatchesWholeImage(large, through: .planes, matrix: sepia)
    }

    func testGreyProgressiveAndSmallJPEGs() throws {
        let grey = FlatBlockJPEGBuilder(width: 40, height: 24, components: 1).build { _, x, y in UInt8((x * 50 + y * 90) % 256) }
        try assertMatchesWholeImage(grey, through: .rows, matrix: sepia)
        let progressive = FlatBlockJPEGBuilder(width: 64, height: 48, components: 3, progressive: true)
            .build { component, x, y in UInt8((x * 30 + y * 20 + component * 50) % 256) }
        try assertMatchesWholeImage(progressive, through: .rows, matrix: sepia)  // stored 4:4:4
        let tiny = try ImageEncoder.encode(ColorReference.colourful(width: 1, height: 1), as: .jpeg(quality: 85))
        try assertMatchesWholeImage(tiny, through: .planes, matrix: sepia)
    }

    func testProfileIsConvertedBandByBandLikeTheWholeImage() throws {
        let directory = try makeTemporaryDirectory()
        let profile = try ColorReference.ghostscriptProfile("a98.icc")
        let adobeRGB = [UInt8](
            try ColorReference.tagged(ColorReference.colourful(width: 192, height: 128), profile: profile, as: "jpg", in: directory))
        try assertMatchesWholeImage(adobeRGB, through: .rows, matrix: sepia)
        // Nothing to convert, but stored 4:4:4: through rows still.
        try assertMatchesWholeImage(adobeRGB, through: .rows, matrix: sepia, options: ImageDecodingOptions(convertsToSRGB: false))
        // The conversion did something.
        XCTAssertNotEqual(
            try streamed(adobeRGB, matrix: sepia).bytes,
            try streamed(adobeRGB, matrix: sepia, options: ImageDecodingOptions(convertsToSRGB: false)).bytes)
    }

    func testKeptMetadataIsWrittenAsTheWholeImagePathWritesIt() throws {
        let exif = JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: 1, bigEndian: false))
        let tagged = JPEGSegments.inserting(exif, into: Self.photo)
        try assertMatchesWholeImage(tagged, through: .planes, matrix: sepia, keepingMetadata: true)
        let kept = try streamed(tagged, matrix: sepia, keepingMetadata: true).bytes
        XCTAssertNotNil(try ImageDecoder.decode(kept).exif, "the EXIF is kept")
        XCTAssertNil(try ImageDecoder.decode(try streamed(tagged, matrix: sepia).bytes).exif, "nothing is kept unless asked")
    }

    func testPhotosThatNeedTheWholeImageAreNotStreamed() throws {
        let turned = JPEGSegments.inserting(
            JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: 6, bigEndian: true)), into: Self.photo)
        XCTAssertNil(
            try JPEGStreaming.transcode(turned, matrix: sepia, quality: 85, keepingMetadata: false, options: ImageDecodingOptions()))
        // Not turned when the options keep the stored orientation: then it streams.
        try assertMatchesWholeImage(turned, through: .planes, matrix: sepia, options: ImageDecodingOptions(appliesEXIFOrientation: false))
        let cmyk = FlatBlockJPEGBuilder(width: 32, height: 8, components: 4).build { c, x, _ in UInt8((c * 60 + x * 7) % 256) }
        XCTAssertNil(try JPEGStreaming.transcode(cmyk, matrix: sepia, quality: 85, keepingMetadata: false, options: ImageDecodingOptions()))
        var interlaced = PNGFileBuilder(width: 9, height: 10, bitDepth: 8, colorType: .rgb)
        interlaced.interlaced = true
        let adam7 = interlaced.build(samples: TestImages.noise(count: 9 * 10 * 3, seed: 7).map(Int.init))
        XCTAssertNil(
            try JPEGStreaming.transcode(adam7, matrix: sepia, quality: 85, keepingMetadata: false, options: ImageDecodingOptions()))
        let webp = try ImageEncoder.encode(ColorReference.colourful(width: 16, height: 16), as: .webpLossless)
        XCTAssertNil(try JPEGStreaming.transcode(webp, matrix: sepia, quality: 85, keepingMetadata: false, options: ImageDecodingOptions()))
    }

    // MARK: PNG

    /// `png` with `chunk` inserted right after its IHDR (signature 8 + IHDR 25 bytes), or before IEND.
    private func inserting(_ chunk: [UInt8], into png: [UInt8], afterImageData: Bool = false) -> [UInt8] {
        let at = afterImageData ? png.count - 12 : 33
        return Array(png[..<at]) + chunk + Array(png[at...])
    }

    /// PNGs of every colour type, several bands tall, go through RGBA rows byte for byte as the
    /// whole-image path decodes, filters, fits and encodes them (alpha dropped alike).
    func testPNGsStreamByteForByteLikeTheWholeImagePath() throws {
        let colourful = try ImageEncoder.encode(ColorReference.colourful(width: 333, height: 247), as: .png)
        var translucent = ColorReference.colourful(width: 40, height: 37)
        for index in stride(from: 3, to: translucent.pixels.count, by: 4) { translucent.pixels[index] = UInt8(index % 256) }
        var palette = PNGFileBuilder(width: 21, height: 35, bitDepth: 4, colorType: .palette)
        palette.palette = (0..<16).map { (entry: Int) -> [UInt8] in [UInt8(entry * 16), UInt8(255 - entry * 9), UInt8(entry * 5)] }
        palette.transparency = [0, 128, 255]
        let gray16 = PNGFileBuilder(width: 19, height: 33, bitDepth: 16, colorType: .gray)
        let inputs: [(String, [UInt8])] = [
            ("RGB", colourful),
            ("RGBA", try ImageEncoder.encode(translucent, as: .png)),
            ("palette", palette.build(samples: (0..<(21 * 35)).map { $0 % 16 })),
            ("16-bit grey", gray16.build(samples: (0..<(19 * 33)).map { $0 * 97 % 65536 })),
        ]
        for (kind, png) in inputs {
            try assertMatchesWholeImage(png, through: .rows, matrix: sepia)
            try assertMatchesWholeImage(png, through: .rows, matrix: nil, quality: 60)
            try assertMatchesWholeImage(
                png, through: .rows, matrix: sepia, options: ImageDecodingOptions(targetSize: PixelSize(width: 16, height: 12)))
            XCTAssertFalse(try streamed(png, matrix: sepia).isFromPlanes, kind)
        }
    }

    /// A gAMA chunk's profile is applied band by band as the whole image's; with the conversion
    /// off, the samples are taken as they are, again alike.
    func testPNGColourChunksAreConvertedLikeTheWholeImage() throws {
        let plain = try ImageEncoder.encode(ColorReference.colourful(width: 50, height: 40), as: .png)
        let gamma = inserting(PNGFileBuilder.chunk("gAMA", PNGFileBuilder.uint32(100_000)), into: plain)
        try assertMatchesWholeImage(gamma, through: .rows, matrix: sepia)
        try assertMatchesWholeImage(gamma, through: .rows, matrix: sepia, options: ImageDecodingOptions(convertsToSRGB: false))
        XCTAssertNotEqual(try streamed(gamma, matrix: nil).bytes, try streamed(plain, matrix: nil).bytes, "the gamma was applied")
    }

    /// The EXIF of an eXIf chunk before the image data is kept as the whole image keeps it; one
    /// after the image data is read only after every row, so that PNG is not streamed then.
    func testPNGEXIFIsKeptOrLeftToTheWholeImagePath() throws {
        let plain = try ImageEncoder.encode(ColorReference.colourful(width: 30, height: 20), as: .png)
        let exif = PNGFileBuilder.chunk("eXIf", JPEGSegments.exifTIFF(orientation: 1, bigEndian: false))
        let early = inserting(exif, into: plain)
        try assertMatchesWholeImage(early, through: .rows, matrix: sepia, keepingMetadata: true)
        XCTAssertNotNil(try ImageDecoder.decode(try streamed(early, matrix: sepia, keepingMetadata: true).bytes).exif)
        let late = inserting(exif, into: plain, afterImageData: true)
        XCTAssertNil(try JPEGStreaming.transcode(late, matrix: sepia, quality: 85, keepingMetadata: true, options: ImageDecodingOptions()))
        try assertMatchesWholeImage(late, through: .rows, matrix: sepia)
    }

    /// A PNG cut inside its image data fails as the whole image fails, and gives no bytes.
    func testTruncatedPNGFailsLikeTheWholeImage() throws {
        let png = try ImageEncoder.encode(ColorReference.colourful(width: 200, height: 150), as: .png)
        let cut = Array(png.prefix(png.count / 2))
        var wholeError: (any Error)?
        XCTAssertThrowsError(try ImageDecoder.decode(cut)) { wholeError = $0 }
        XCTAssertThrowsError(
            try JPEGStreaming.transcode(cut, matrix: sepia, quality: 85, keepingMetadata: false, options: ImageDecodingOptions())
        ) { streamed in
            XCTAssertEqual(streamed as? ImageDecodingError, wholeError as? ImageDecodingError)
        }
    }

    func testThumbnailsAreByteIdenticalToDecodeFilterResizeEncode() throws {
        let large = try ImageEncoder.encode(ColorReference.colourful(width: 1600, height: 1200), as: .jpeg(quality: 85))
        for (box, decodedWidth) in [((320, 240), 400), ((333, 100), 200), ((1000, 1000), 1600), ((7, 5), 200)] {
            let options = ImageDecodingOptions(targetSize: PixelSize(width: box.0, height: box.1))
            try assertMatchesWholeImage(large, through: .rows, matrix: sepia, options: options)
            XCTAssertEqual(try streamed(large, matrix: sepia, options: options).decodedSize.width, decodedWidth, "\(box): DCT scaling")
        }
        // Odd sizes, a grey photo, and a stretch along one axis that the other shrinks.
        try assertMatchesWholeImage(
            Self.photo, through: .rows, matrix: sepia, options: ImageDecodingOptions(targetSize: PixelSize(width: 100, height: 100)))
        let grey = FlatBlockJPEGBuilder(width: 40, height: 24, components: 1).build { _, x, y in UInt8((x * 50 + y * 90) % 256) }
        try assertMatchesWholeImage(
            grey, through: .rows, matrix: nil, options: ImageDecodingOptions(targetSize: PixelSize(width: 13, height: 13)))
    }

    /// A box that DCT scaling reaches exactly (the decoded size is the fitted size) takes the
    /// planes at that scale, visually identical to decode, filter, encode; a box the photo
    /// already fits in takes them at full scale.
    func testThumbnailsThatScalingReachesGoThroughPlanes() throws {
        let photo = try ImageEncoder.encode(ColorReference.colourful(width: 640, height: 480), as: .jpeg(quality: 85))
        for (box, decodedWidth) in [((320, 240), 320), ((160, 120), 160), ((80, 60), 80), ((2000, 2000), 640)] {
            let options = ImageDecodingOptions(targetSize: PixelSize(width: box.0, height: box.1))
            try assertMatchesWholeImage(photo, through: .planes, matrix: sepia, options: options)
            try assertMatchesWholeImage(photo, through: .planes, matrix: nil, options: options)
            XCTAssertEqual(try streamed(photo, matrix: sepia, options: options).decodedSize.width, decodedWidth, "\(box)")
        }
        // Odd sizes: 333 × 247 halved is 167 × 124, whose chroma rows are no multiple of 8.
        let halved = ImageDecodingOptions(targetSize: PixelSize(width: 167, height: 124))
        try assertMatchesWholeImage(Self.photo, through: .planes, matrix: sepia, options: halved)
        XCTAssertEqual(try streamed(Self.photo, matrix: sepia, options: halved).decodedSize, PixelSize(width: 167, height: 124))
        // Progressive (made by ImageMagick), kept metadata, and a cut stream under the lenient policy.
        let tools = try ImageTools()
        try tools.writePNG(ColorReference.colourful(width: 96, height: 64), as: "source.png")
        let progressive = try tools.make(
            "progressive.jpg", with: "convert", ["source.png", "-sampling-factor", "2x2", "-interlace", "JPEG", "progressive.jpg"])
        let exif = JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: 1, bigEndian: false))
        try assertMatchesWholeImage(
            JPEGSegments.inserting(exif, into: progressive), through: .planes, matrix: sepia, keepingMetadata: true,
            options: ImageDecodingOptions(targetSize: PixelSize(width: 24, height: 16)))
        let cut = Array(photo.prefix(photo.count * 6 / 10))
        let lenient = ImageDecodingOptions(targetSize: PixelSize(width: 320, height: 240), damagePolicy: .lenient)
        try assertMatchesWholeImage(cut, through: .planes, matrix: sepia, options: lenient)
        XCTAssertEqual(
            streamingError(cut, options: ImageDecodingOptions(targetSize: PixelSize(width: 320, height: 240))) as? ImageDecodingError,
            .truncated(format: .jpeg))
        // The filter and the scaling did something.
        let options = ImageDecodingOptions(targetSize: PixelSize(width: 320, height: 240))
        XCTAssertNotEqual(
            try streamed(photo, matrix: sepia, options: options).bytes, try streamed(photo, matrix: nil, options: options).bytes)
    }

    private func streamingError(_ bytes: [UInt8], options: ImageDecodingOptions = ImageDecodingOptions()) -> (any Error)? {
        do {
            _ = try JPEGStreaming.transcode(bytes, matrix: sepia, quality: 85, keepingMetadata: false, options: options)
            return nil
        } catch {
            return error
        }
    }

    func testBrokenStreamsFailAsTheDecoderFails() throws {
        let cut = Array(Self.photo.prefix(Self.photo.count * 6 / 10))
        XCTAssertEqual(streamingError(cut) as? ImageDecodingError, .truncated(format: .jpeg))
        var corrupt = Self.photo
        let scan = JPEGSegments.scanDataOffset(in: corrupt)
        let middle = scan + (corrupt.count - scan) / 2
        corrupt.replaceSubrange(middle..<middle + 64, with: [UInt8](repeating: 0, count: 64))
        let decoderError = try XCTUnwrap(wholeImageError(corrupt))
        XCTAssertEqual(streamingError(corrupt) as? ImageDecodingError, decoderError)
        XCTAssertEqual(
            streamingError(Array(Self.photo.prefix(JPEGSegments.scanDataOffset(in: Self.photo) - 20))) as? ImageDecodingError,
            .truncated(format: .jpeg))
        // Accepted with the lenient policy, like the whole-image path, with the same picture.
        let lenient = ImageDecodingOptions(damagePolicy: .lenient)
        let output = try streamed(cut, matrix: sepia, options: lenient)
        XCTAssertTrue(output.warnings.contains("Premature end of JPEG file"), "\(output.warnings)")
        try assertMatchesWholeImage(cut, through: .planes, matrix: sepia, options: lenient)
        // Through rows too (a thumbnail), with the same bytes.
        let thumbnail = ImageDecodingOptions(targetSize: PixelSize(width: 100, height: 100), damagePolicy: .lenient)
        try assertMatchesWholeImage(cut, through: .rows, matrix: sepia, options: thumbnail)
    }

    /// A photo of noise at quality 100 outgrows the encoder's first buffer before its input
    /// breaks: the half-written output is freed once (glibc aborts on a double free).
    func testAnEncoderThatGrewIsFreedOnceWhenTheInputBreaks() throws {
        let noise = RGBAImage(width: 256, height: 256, pixels: TestImages.noise(count: 256 * 256 * 4, seed: 3))
        let photo = try ImageEncoder.encode(noise, as: .jpeg(quality: 100))
        XCTAssertGreaterThan(try streamed(photo, matrix: nil, quality: 100).bytes.count, 256 * 256 / 4 + 4096, "the buffer grew")
        let cut = Array(photo.prefix(photo.count * 9 / 10))
        XCTAssertThrowsError(
            try JPEGStreaming.transcode(cut, matrix: nil, quality: 100, keepingMetadata: false, options: ImageDecodingOptions())
        ) {
            XCTAssertEqual($0 as? ImageDecodingError, .truncated(format: .jpeg))
        }
    }

    func testLimitsAndSettingsAreCheckedAsByTheWholeImagePath() {
        XCTAssertEqual(
            streamingError(Self.photo, options: ImageDecodingOptions(pixelLimit: 1000)) as? ImageDecodingError,
            .tooLarge(width: 333, height: 247, limit: 1000))
        XCTAssertThrowsError(
            try JPEGStreaming.transcode(Self.photo, matrix: nil, quality: 0, keepingMetadata: false, options: ImageDecodingOptions())
        ) {
            XCTAssertEqual($0 as? ImageEncodingError, .invalidQuality(0, format: .jpeg, accepted: 1...100))
        }
    }

    /// The error the whole-image decoder throws for `bytes`.
    private func wholeImageError(_ bytes: [UInt8]) -> ImageDecodingError? {
        do {
            _ = try ImageDecoder.decode(bytes)
            return nil
        } catch {
            return error as? ImageDecodingError
        }
    }
}
