import Foundation
import SepiaDemoContent
import XCTest

@testable import SepiaImaging

/// Sepia's BlurHash and ThumbHash encoders and decoders against the reference Python packages
/// on the same pictures (`PlaceholderReference`): the vectors are made at test time, none is
/// written down here.
final class PlaceholderReferenceTests: XCTestCase {
    /// Pictures of each shape the hashes treat apart: landscape, portrait, square; opaque and not.
    private func pictures() -> [(name: String, image: RGBAImage)] {
        [
            ("landscape photo 100x75", PhotoGenerator(seed: 7).render(width: 100, height: 75)),
            ("portrait gradient 48x90", TestImages.smooth(width: 48, height: 90)),
            ("square photo 64x64", PhotoGenerator(seed: 31).render(width: 64, height: 64)),
            ("gradient with alpha 80x60", Self.withAlphaRamp(TestImages.smooth(width: 80, height: 60))),
            (
                "tiny 3x2",
                RGBAImage(
                    width: 3, height: 2,
                    pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 250, 250, 250, 255, 0, 0, 0, 255, 128, 64, 32, 255])
            ),
        ]
    }

    /// The opaque pictures: the reference package fails on alpha.
    private func opaquePictures() -> [(name: String, image: RGBAImage)] {
        pictures().filter { $0.image.isOpaque }
    }

    func testThumbHashEncoderWritesTheReferenceBytes() throws {
        let folder = try makeTemporaryDirectory()
        for (name, image) in opaquePictures() {
            let reference = try PlaceholderReference.of(image, blurSize: PixelSize(width: 8, height: 6), in: folder)
            XCTAssertEqual(ThumbHashEncoder.encode(image).base64EncodedString(), reference.thumbhash, name)
        }
    }

    /// The reference reads the hash's DC and aspect ratio as Sepia's decoder does: the decoded
    /// picture's average is the hash's average colour (the AC cosines average to 0 over the
    /// pixel centres), its shape the hash's aspect ratio.
    func testThumbHashDecoderAgreesWithTheReferenceOnColourAndShape() throws {
        let folder = try makeTemporaryDirectory()
        // Not the tiny picture of primary colours: its DCT overshoots far past 0...255, and the
        // clamped picture's average is not the hash's.
        for (name, image) in opaquePictures() where image.width > 3 {
            let reference = try PlaceholderReference.of(image, blurSize: PixelSize(width: 8, height: 6), in: folder)
            let hash = try XCTUnwrap(reference.thumbhash, name)
            let average = try XCTUnwrap(reference.thumbhashAverage, name)
            let aspect = try XCTUnwrap(reference.thumbhashAspect, name)
            let bytes = try XCTUnwrap(Data(base64Encoded: hash))
            XCTAssertEqual(try ThumbHash(bytes).aspectRatio, aspect, accuracy: 1e-9, name)
            let drawn = try PhotoPlaceholder.thumbHash(bytes).image()
            XCTAssertEqual(drawn.size, PhotoPlaceholder.size(aspectRatio: aspect, longSide: 32), name)
            var sums = [0.0, 0.0, 0.0]
            for y in 0..<drawn.height {
                for x in 0..<drawn.width {
                    let pixel = drawn.pixel(x: x, y: y)
                    sums[0] += Double(pixel.red)
                    sums[1] += Double(pixel.green)
                    sums[2] += Double(pixel.blue)
                }
            }
            for channel in 0..<3 {
                // Clamping to 0...255 moves the average a little where the DCT overshoots.
                XCTAssertEqual(
                    sums[channel] / Double(drawn.pixelCount) / 255, average[channel], accuracy: 0.03, "\(name), channel \(channel)")
            }
        }
    }

    func testBlurHashDecoderDrawsTheReferencePicture() throws {
        let folder = try makeTemporaryDirectory()
        for (name, image) in pictures() {
            let size = PixelSize(width: 32, height: 24)
            let reference = try PlaceholderReference.of(image, blurSize: size, in: folder)
            let drawn = try PhotoPlaceholder.blurHash(reference.blurhash).image(aspectRatio: 4.0 / 3.0)
            XCTAssertEqual(drawn.size, size, name)
            XCTAssertLessThanOrEqual(Self.largestDifference(drawn, reference.blurhashImage.image), 1, name)
        }
    }

    func testBlurHashEncoderWritesTheReferenceText() throws {
        let folder = try makeTemporaryDirectory()
        for (name, image) in pictures() {
            let reference = try PlaceholderReference.of(image, blurSize: PixelSize(width: 8, height: 6), in: folder)
            XCTAssertEqual(BlurHashEncoder.encode(Self.opaque(image), columns: 4, rows: 3), reference.blurhash, name)
        }
    }

    /// The largest difference of any channel of any pixel.
    static func largestDifference(_ left: RGBAImage, _ right: RGBAImage) -> Int {
        zip(left.pixels, right.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// `image` with alpha falling from opaque on the left to clear on the right.
    private static func withAlphaRamp(_ image: RGBAImage) -> RGBAImage {
        var result = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                result.setPixel(
                    x: x, y: y, red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: UInt8(255 - x * 255 / (image.width - 1)))
            }
        }
        return result
    }

    /// `image` with every alpha 255 (BlurHash ignores alpha; so does the reference's RGB input).
    private static func opaque(_ image: RGBAImage) -> RGBAImage {
        var result = image
        for index in stride(from: 3, to: result.pixels.count, by: 4) { result.pixels[index] = 255 }
        return result
    }
}
