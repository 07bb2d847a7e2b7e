import SepiaDemoContent
import XCTest

@testable import SepiaImaging

final class ResizeTests: XCTestCase {
    func testAspectFitSizes() {
        let photo = PixelSize(width: 4000, height: 3000)
        XCTAssertEqual(photo.aspectFit(in: PixelSize(width: 320, height: 240)), PixelSize(width: 320, height: 240))
        XCTAssertEqual(photo.aspectFit(in: PixelSize(width: 320, height: 320)), PixelSize(width: 320, height: 240))
        XCTAssertEqual(photo.aspectFit(in: PixelSize(width: 1000, height: 100)), PixelSize(width: 133, height: 100))
        XCTAssertEqual(
            PixelSize(width: 3000, height: 4000).aspectFit(in: PixelSize(width: 320, height: 240)),
            PixelSize(width: 180, height: 240))
        XCTAssertEqual(
            PixelSize(width: 10000, height: 1).aspectFit(in: PixelSize(width: 100, height: 100)),
            PixelSize(width: 100, height: 1))
        // Already fits: unchanged unless upscaling is asked for.
        XCTAssertEqual(
            PixelSize(width: 200, height: 100).aspectFit(in: PixelSize(width: 320, height: 240)),
            PixelSize(width: 200, height: 100))
        XCTAssertEqual(
            PixelSize(width: 200, height: 100).aspectFit(in: PixelSize(width: 320, height: 240), allowUpscaling: true),
            PixelSize(width: 320, height: 160))
    }

    func testResizeNeverUpscalesUnlessAsked() {
        let image = RGBAImage(width: 40, height: 30, red: 1, green: 2, blue: 3)
        XCTAssertEqual(image.resized(toFit: PixelSize(width: 400, height: 300)).size, image.size)
        XCTAssertEqual(
            image.resized(toFit: PixelSize(width: 400, height: 300), allowUpscaling: true).size,
            PixelSize(width: 400, height: 300))
    }

    func testSolidColourStaysExact() {
        let image = RGBAImage(width: 997, height: 613, red: 13, green: 200, blue: 77, alpha: 255)
        for box in [PixelSize(width: 320, height: 240), PixelSize(width: 1, height: 1), PixelSize(width: 1999, height: 1999)] {
            let resized = image.resized(toFit: box, allowUpscaling: true)
            XCTAssertTrue(
                resized.pixels.withUnsafeBufferPointer { bytes in
                    stride(from: 0, to: bytes.count, by: 4).allSatisfy {
                        bytes[$0] == 13 && bytes[$0 + 1] == 200 && bytes[$0 + 2] == 77 && bytes[$0 + 3] == 255
                    }
                }, "solid colour changed at \(resized.size)")
        }
    }

    /// A one-pixel checkerboard shrunk by 2 or by an uneven factor averages to grey
    /// everywhere; nearest-neighbour sampling would give black or white blocks (aliasing).
    func testShrinkingAveragesInsteadOfAliasing() {
        let image = RGBAImage(width: 600, height: 400) { buffer in
            for y in 0..<400 {
                for x in 0..<600 {
                    let value: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                    let offset = (y * 600 + x) * 4
                    buffer[offset] = value
                    buffer[offset + 1] = value
                    buffer[offset + 2] = value
                    buffer[offset + 3] = 255
                }
            }
        }
        for box in [PixelSize(width: 300, height: 200), PixelSize(width: 97, height: 97)] {
            let small = image.resized(toFit: box)
            let reds = stride(from: 0, to: small.pixels.count, by: 4).map { Int(small.pixels[$0]) }
            XCTAssertLessThanOrEqual(reds.max()! - reds.min()!, 6, "shrunk to \(small.size)")
            XCTAssertEqual(Double(reds.reduce(0, +)) / Double(reds.count), 127.5, accuracy: 3)
        }
    }

    func testAreaAveragingWeighsPartialCoverage() {
        // 3 columns (0, 90, 255) shrunk to 2: the middle one is split between both outputs.
        var image = RGBAImage(width: 3, height: 1, red: 0, green: 0, blue: 0)
        image.setPixel(x: 1, y: 0, red: 90, green: 90, blue: 90)
        image.setPixel(x: 2, y: 0, red: 255, green: 255, blue: 255)
        let small = image.resized(to: PixelSize(width: 2, height: 1))
        XCTAssertEqual(small.pixel(x: 0, y: 0).red, 30)  // (0 * 1 + 90 * 0.5) / 1.5
        XCTAssertEqual(small.pixel(x: 1, y: 0).red, 200)  // (90 * 0.5 + 255 * 1) / 1.5
    }

    func testTransparentPixelsDoNotBleedIntoColours() {
        // Red opaque next to fully transparent black: the average stays pure red, half opaque.
        var image = RGBAImage(width: 2, height: 2, red: 255, green: 0, blue: 0, alpha: 255)
        image.setPixel(x: 1, y: 0, red: 0, green: 0, blue: 0, alpha: 0)
        image.setPixel(x: 1, y: 1, red: 0, green: 0, blue: 0, alpha: 0)
        let pixel = image.resized(to: PixelSize(width: 1, height: 1)).pixel(x: 0, y: 0)
        XCTAssertEqual(pixel.red, 255)
        XCTAssertEqual(pixel.green, 0)
        XCTAssertEqual(pixel.alpha, 128)
    }

    func testUpscalingInterpolatesBetweenNeighbours() {
        var image = RGBAImage(width: 2, height: 1, red: 0, green: 0, blue: 0)
        image.setPixel(x: 1, y: 0, red: 200, green: 200, blue: 200)
        let large = image.resized(to: PixelSize(width: 4, height: 1))
        XCTAssertEqual((0..<4).map { large.pixel(x: $0, y: 0).red }, [0, 50, 150, 200])
    }

    func testParallelAndSerialResizeAgree() {
        let photo = PhotoGenerator(seed: 3).render(width: 1200, height: 900)
        let box = PixelSize(width: 320, height: 240)
        XCTAssertEqual(photo.resized(toFit: box, parallel: true), photo.resized(toFit: box, parallel: false))
    }

    func testWeightsSumToOneAndStayInBounds() {
        for (source, target) in [(4000, 320), (3000, 240), (7, 3), (5, 5), (3, 11), (1, 9), (9, 1)] {
            let weights = ResampleWeights(source: source, target: target)
            for output in 0..<target {
                let sum = (0..<weights.taps).reduce(Float(0)) { $0 + weights.weights[output * weights.taps + $1] }
                XCTAssertEqual(sum, 1, accuracy: 1e-5, "\(source)->\(target) output \(output)")
                XCTAssertGreaterThanOrEqual(weights.firstSource[output], 0)
                XCTAssertLessThanOrEqual(weights.firstSource[output] + weights.taps, source)
            }
        }
    }
}
