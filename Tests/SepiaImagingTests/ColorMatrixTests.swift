import SepiaDemoContent
import XCTest

@testable import SepiaImaging

final class ColorMatrixTests: XCTestCase {
    /// Hand-computed with the W3C sepia matrix (SepiaImaging.docc, "The sepia filter"): exact value, then
    /// rounded half up and clamped at 255. Each case sits well away from a half level.
    private let sepiaCases: [(intensity: Float, input: [UInt8], expected: [UInt8])] = [
        (0, [200, 200, 200], [200, 200, 200]),
        (0, [90, 140, 210], [90, 140, 210]),
        (0.5, [200, 200, 200], [235, 220, 194]),  // 235.1, 220.3, 193.7
        (0.5, [255, 0, 0], [178, 44, 35]),  // 177.6075, 44.4975, 34.68
        (0.5, [90, 140, 210], [136, 151, 168]),  // 136.36, 151.365, 168.375
        (0.5, [255, 255, 255], [255, 255, 247]),  // 299.75, 280.88, 246.9675
        (0.8, [200, 200, 200], [255, 232, 190]),  // 256.16, 232.48, 189.92 (the article's example)
        (0.8, [0, 255, 0], [157, 191, 109]),  // 156.876, 190.944, 108.936
        (0.8, [120, 60, 30], [103, 82, 61]),  // 103.176, 82.464, 60.888
        (0.8, [10, 20, 30], [22, 22, 20]),  // 21.984, 21.8, 19.864
        (1, [200, 200, 200], [255, 241, 187]),  // 270.2, 240.6, 187.4
        (1, [0, 0, 255], [48, 43, 33]),  // 48.195, 42.84, 33.405
        (1, [90, 140, 210], [183, 163, 127]),  // 182.72, 162.73, 126.75
        (1, [0, 0, 0], [0, 0, 0]),
    ]

    func testSepiaMatchesHandComputedPixels() {
        for item in sepiaCases {
            var image = RGBAImage(width: 1, height: 1, red: item.input[0], green: item.input[1], blue: item.input[2], alpha: 77)
            image.apply(.sepia(intensity: item.intensity))
            let pixel = image.pixel(x: 0, y: 0)
            XCTAssertEqual([pixel.red, pixel.green, pixel.blue], item.expected, "sepia \(item.intensity) of \(item.input)")
            XCTAssertEqual(pixel.alpha, 77, "alpha must be kept")
        }
    }

    func testDefaultIntensityIsPointEight() {
        XCTAssertEqual(ColorMatrix.sepia(), ColorMatrix.sepia(intensity: 0.8))
    }

    func testIntensityIsClampedIntoRange() {
        XCTAssertEqual(ColorMatrix.sepia(intensity: 3), .fullSepia)
        XCTAssertEqual(ColorMatrix.sepia(intensity: -1), .identity)
        XCTAssertEqual(ColorMatrix.sepia(intensity: .nan), .identity)
    }

    func testGrayscaleUsesRec601Luma() {
        let cases: [([UInt8], UInt8)] = [
            ([255, 0, 0], 76), ([0, 255, 0], 150), ([0, 0, 255], 29),
            ([120, 60, 30], 75), ([90, 140, 210], 133), ([255, 255, 255], 255), ([0, 0, 0], 0),
        ]
        for (input, luma) in cases {
            let image = RGBAImage(width: 1, height: 1, red: input[0], green: input[1], blue: input[2])
                .applying(.grayscale)
            let pixel = image.pixel(x: 0, y: 0)
            XCTAssertEqual([pixel.red, pixel.green, pixel.blue], [luma, luma, luma], "grayscale of \(input)")
        }
    }

    /// Every pixel of a large random image agrees with the formula evaluated in double
    /// precision, except where the exact value lies within the fixed-point error of a half
    /// level; the parallel and serial paths agree exactly.
    func testKernelMatchesFormulaOnRandomPixels() {
        var generator = SplitMix64(seed: 7)
        let width = 701, height = 503  // odd sizes: uneven bands across threads
        let image = RGBAImage(width: width, height: height) { buffer in
            for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
        }
        let matrix = ColorMatrix.sepia(intensity: 0.63)
        let serial = image.applying(matrix, parallel: false)
        XCTAssertEqual(serial, image.applying(matrix, parallel: true))
        let c = matrix.coefficients.map(Double.init)
        var checked = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let rgb = (0..<3).map { Double(image.pixels[index + $0]) }
            for channel in 0..<3 {
                let exact = c[channel * 3] * rgb[0] + c[channel * 3 + 1] * rgb[1] + c[channel * 3 + 2] * rgb[2]
                if abs(exact - exact.rounded(.down) - 0.5) < 0.01 { continue }
                let expected = UInt8(min((exact + 0.5).rounded(.down), 255))
                XCTAssertEqual(serial.pixels[index + channel], expected, "pixel byte \(index + channel)")
                checked += 1
            }
            XCTAssertEqual(serial.pixels[index + 3], image.pixels[index + 3])
        }
        XCTAssertGreaterThan(checked, width * height * 3 * 9 / 10)
    }

    func testPaddedRowsLeaveThePaddingAlone() {
        let width = 3, height = 2, rowBytes = 17  // not a multiple of 4: unaligned words
        var bytes = [UInt8](repeating: 200, count: rowBytes * height)
        for row in 0..<height { for pad in (width * 4)..<rowBytes { bytes[row * rowBytes + pad] = 9 } }
        var image = RGBAImage(width: width, height: height, bytesPerRow: rowBytes, pixels: bytes)
        image.apply(.sepia())
        XCTAssertEqual(image.pixel(x: 2, y: 1).green, 232)
        for row in 0..<height {
            for pad in (width * 4)..<rowBytes { XCTAssertEqual(image.pixels[row * rowBytes + pad], 9) }
        }
    }

    /// The copying path (source to a new buffer) and the in-place path give the same bytes.
    func testCopyAgreesWithInPlace() {
        var generator = SplitMix64(seed: 11)
        let image = RGBAImage(width: 613, height: 457) { buffer in
            for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
        }
        let matrix = ColorMatrix.sepia(intensity: 0.8)
        var inPlace = image
        inPlace.apply(matrix)
        XCTAssertEqual(image.applying(matrix), inPlace)
        XCTAssertNotEqual(image.applying(matrix), image)
    }

    /// A copy of an image with padded rows has tightly packed rows and the same pixels as
    /// the image filtered in place.
    func testCopyOfPaddedImageIsTightlyPacked() {
        var generator = SplitMix64(seed: 12)
        let width = 5, height = 3, rowBytes = 23
        let bytes = (0..<(rowBytes * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let padded = RGBAImage(width: width, height: height, bytesPerRow: rowBytes, pixels: bytes)
        let copy = padded.applying(.sepia())
        var inPlace = padded
        inPlace.apply(.sepia())
        XCTAssertEqual(copy.bytesPerRow, width * 4)
        XCTAssertEqual(copy.pixels.count, width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                XCTAssertTrue(copy.pixel(x: x, y: y) == inPlace.pixel(x: x, y: y), "pixel (\(x), \(y))")
            }
        }
    }
}
