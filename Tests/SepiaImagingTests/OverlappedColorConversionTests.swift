import Foundation
import SepiaOperations
import XCTest

@testable import SepiaImaging

/// Converting rows while a JPEG decodes (on the decoding thread for small photos, on other
/// threads for large ones) gives the very bytes of converting the whole image afterwards, also
/// for damaged data and for many decodes at once.
final class OverlappedColorConversionTests: XCTestCase {
    private func adobeRGB() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try ColorReference.ghostscriptProfile("a98.icc")))
    }

    private func transform(for profile: [UInt8]) throws -> ColorTransform {
        var warnings: [String] = []
        return try XCTUnwrap(ColorTransformCache(capacity: 1).transform(for: profile, samples: .rgba, warnings: &warnings))
    }

    /// `image` converted by `OverlappedColorConversion`, told of the rows in batches of the
    /// given sizes, in turn (the last one repeated).
    private func convertedInBatches(_ image: RGBAImage, by transform: ColorTransform, batches: [Int]) -> RGBAImage {
        var converted = image
        converted.pixels.withUnsafeMutableBufferPointer { buffer in
            let conversion = OverlappedColorConversion(
                transform: transform, base: buffer.baseAddress!, width: image.width, height: image.height,
                bytesPerRow: image.bytesPerRow)
            var row = 0
            var batch = 0
            while row < image.height {
                row = min(image.height, row + batches[min(batch, batches.count - 1)])
                batch += 1
                conversion.rowsDecoded(through: row)
            }
            conversion.finish()
        }
        return converted
    }

    func testBatchesOfAnySizeConvertLikeTheWholeImage() throws {
        let transform = try transform(for: try adobeRGB())
        // 64x64 stays on this thread; 800x600 is cut into bands for other threads.
        for image in [ColorReference.colourful(width: 64, height: 64), ColorReference.colourful(width: 800, height: 600)] {
            var expected = image
            transform.apply(to: &expected, parallel: false)
            XCTAssertNotEqual(expected, image, "the profile should change the pixels")
            for batches in [[1], [16], [7, 33, 1, 250], [image.height]] {
                XCTAssertEqual(
                    convertedInBatches(image, by: transform, batches: batches), expected, "\(image.width)x\(image.height) by \(batches)")
            }
        }
    }

    func testOnlyTheRowsToldOfAreConverted() throws {
        let transform = try transform(for: try adobeRGB())
        let image = ColorReference.colourful(width: 800, height: 600)
        var converted = image
        converted.pixels.withUnsafeMutableBufferPointer { buffer in
            let conversion = OverlappedColorConversion(
                transform: transform, base: buffer.baseAddress!, width: 800, height: 600, bytesPerRow: image.bytesPerRow)
            conversion.rowsDecoded(through: 300)  // a decode that failed half-way
            conversion.finish()
        }
        let half = 300 * image.bytesPerRow
        XCTAssertEqual(converted.pixels[half...], image.pixels[half...])
        XCTAssertNotEqual(converted.pixels[..<half], image.pixels[..<half])
    }

    /// A tagged JPEG decoded with conversion, against its samples converted afterwards.
    private func assertConvertsLikeAfterwards(
        _ jpeg: [UInt8], options: ImageDecodingOptions = .init(), file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let decoded = try ImageDecoder.decode(jpeg, options: options)
        var samplesOptions = options
        samplesOptions.convertsToSRGB = false
        var expected = try ImageDecoder.decode(jpeg, options: samplesOptions)
        let unconverted = expected.image
        expected.convertToSRGB(using: ColorTransformCache(capacity: 1))
        XCTAssertEqual(decoded.image, expected.image, file: file, line: line)
        XCTAssertNotEqual(decoded.image, unconverted, "the profile should change the pixels", file: file, line: line)
        XCTAssertEqual(decoded.warnings, expected.warnings, file: file, line: line)
    }

    func testLargeAndSmallTaggedJPEGsConvertLikeAfterTheDecode() throws {
        let profile = try adobeRGB()
        for (width, height) in [(1200, 900), (96, 64)] {
            let jpeg = try ImageEncoder.encode(ColorReference.colourful(width: width, height: height), as: .jpeg(quality: 90))
            let tagged = JPEGSegments.inserting(ICCSegments.app2(profile), into: jpeg)
            try assertConvertsLikeAfterwards(tagged)
            try assertConvertsLikeAfterwards(tagged, options: .init(targetSize: PixelSize(width: width / 4, height: height / 4)))
        }
    }

    func testATruncatedTaggedJPEGConvertsWhatItHas() throws {
        let jpeg = try ImageEncoder.encode(ColorReference.colourful(width: 1200, height: 900), as: .jpeg(quality: 90))
        let tagged = JPEGSegments.inserting(ICCSegments.app2(try adobeRGB()), into: jpeg)
        let truncated = Array(tagged[..<(tagged.count * 6 / 10)])
        XCTAssertThrowsError(try ImageDecoder.decode(truncated), "incomplete data is refused by default")
        try assertConvertsLikeAfterwards(truncated, options: .init(damagePolicy: .lenient))
    }

    func testConcurrentLargeDecodesAllConvert() throws {
        // More decodes than cores, each handing bands to the same busy global queue: every
        // decode finishes its own leftover bands instead of waiting for a free thread.
        let jpeg = try ImageEncoder.encode(ColorReference.colourful(width: 1000, height: 750), as: .jpeg(quality: 90))
        let tagged = JPEGSegments.inserting(ICCSegments.app2(try adobeRGB()), into: jpeg)
        let expected = try ImageDecoder.decode(tagged).image
        let results = Locked<[RGBAImage]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let decoded = try? ImageDecoder.decode(tagged) else { return }
            results.withLock { $0.append(decoded.image) }
        }
        XCTAssertEqual(results.withLock { $0 }, [RGBAImage](repeating: expected, count: 8))
    }
}
