import Foundation
import SepiaImaging
import SepiaTerminal
import XCTest

/// The bytes `SixelEncoder` writes, checked against DEC's VT330/VT340 reference by hand.
final class SixelEncoderTests: XCTestCase {
    /// An image of `width` × `height` with pixel (x, y) from `color`.
    static func image(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, red: 0, green: 0, blue: 0)
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue, alpha) = color(x, y)
                image.setPixel(x: x, y: y, red: red, green: green, blue: blue, alpha: alpha)
            }
        }
        return image
    }

    func testFramingRasterAttributesAndRegistersInPercent() {
        // Red and a blue of 128 (50 %) side by side, one row.
        let image = Self.image(width: 2, height: 1) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 128, 255) }
        let output = SixelEncoder.encode(image)
        // DCS P1=0 P2=1 (unpainted pixels stay) P3=0 q, raster 1:1 2×1, two registers, then each
        // colour's row: red paints the top bit of column 0, blue skips column 0 ("?").
        XCTAssertEqual(readable(output), readable(bytes("\u{1B}P0;1;0q\"1;1;2;1#0;2;100;0;0#1;2;0;0;50#0@$#1?@\u{1B}\\")))
    }

    func testOnePixel() {
        let output = SixelEncoder.encode(Self.image(width: 1, height: 1) { _, _ in (0, 255, 0, 255) })
        XCTAssertEqual(readable(output), readable(bytes("\u{1B}P0;1;0q\"1;1;1;1#0;2;0;100;0#0@\u{1B}\\")))
    }

    func testSevenRowsMakeTwoBands() {
        // Six white rows fill the first band ("~" is all six bits); the seventh, black, is the
        // top bit of the second band, after "-".
        let image = Self.image(width: 1, height: 7) { _, y in y < 6 ? (255, 255, 255, 255) : (0, 0, 0, 255) }
        let output = SixelEncoder.encode(image)
        XCTAssertEqual(readable(output), readable(bytes("\u{1B}P0;1;0q\"1;1;1;7#0;2;100;100;100#1;2;0;0;0#0~-#1@\u{1B}\\")))
    }

    func testRunsOfFourOrMoreAreRepeated() {
        // Columns 0-2 red, 3-9 blue: red's three "@" stay as they are; blue starts with a run of
        // three "?" and paints seven columns with one "!7@".
        let image = Self.image(width: 10, height: 1) { x, _ in x < 3 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let output = String(decoding: SixelEncoder.encode(image), as: UTF8.self)
        XCTAssertTrue(output.hasSuffix("#0@@@$#1???!7@\u{1B}\\"), output)
    }

    func testOnlyTheColoursOfABandAreDrawnInIt() {
        // Band 0 is red, band 1 is green: each band selects only its own register.
        let image = Self.image(width: 4, height: 12) { _, y in y < 6 ? (255, 0, 0, 255) : (0, 255, 0, 255) }
        let output = String(decoding: SixelEncoder.encode(image), as: UTF8.self)
        XCTAssertTrue(output.hasSuffix("#0;2;100;0;0#1;2;0;100;0#0!4~-#1!4~\u{1B}\\"), output)
    }

    func testTransparentPixelsAreNeverPainted() throws {
        // A checkerboard of 3×3 squares, transparent ones with alpha 127 and opaque ones with
        // alpha 128, over a photo-like gradient (more colours than registers: the dithered path).
        let image = Self.image(width: 45, height: 20) { x, y in
            ((x / 3 + y / 3) % 2 == 0) ? (UInt8(x * 5), UInt8(y * 12), 200, 127) : (UInt8(x * 5), UInt8(y * 12), UInt8(x * y % 256), 128)
        }
        for registers in [256, 8] {
            let coverage = try SixelCoverage(SixelEncoder.encode(image, colorRegisters: registers))
            XCTAssertEqual(coverage.width, 45)
            XCTAssertEqual(coverage.height, 20)
            for y in 0..<20 {
                for x in 0..<45 {
                    let expected = image.pixel(x: x, y: y).alpha >= 128 ? 1 : 0
                    XCTAssertEqual(coverage.counts[y * 45 + x], expected, "pixel (\(x), \(y)) with \(registers) registers")
                }
            }
        }
    }

    func testAFullyTransparentImagePaintsNothing() throws {
        let image = RGBAImage(width: 5, height: 8, red: 9, green: 9, blue: 9, alpha: 0)
        let output = SixelEncoder.encode(image)
        XCTAssertEqual(readable(output), readable(bytes("\u{1B}P0;1;0q\"1;1;5;8-\u{1B}\\")))
        XCTAssertEqual(try SixelCoverage(output).counts, [Int](repeating: 0, count: 40))
    }

    func testEncodesOffTheMainThread() async {
        let image = Self.image(width: 64, height: 48) { x, y in (UInt8(x * 4), UInt8(y * 5), UInt8((x + y) * 2), 255) }
        let here = SixelEncoder.encode(image, colorRegisters: 16)
        let there = await Task.detached { SixelEncoder.encode(image, colorRegisters: 16) }.value
        XCTAssertEqual(here, there)
    }

    func testRegisterCountsOutsideTheRangeAreHeldToIt() throws {
        // 2,048 colours: more than the most registers, so the held count shapes the palette.
        let photo = Self.image(width: 64, height: 32) { x, y in (UInt8(x * 4), UInt8(y * 8), UInt8((x + y) & 1) * 200, 255) }
        XCTAssertNotEqual(SixelEncoder.encode(photo, colorRegisters: 1), SixelEncoder.encode(photo, colorRegisters: 2))
        XCTAssertEqual(SixelEncoder.encode(photo, colorRegisters: 0), SixelEncoder.encode(photo, colorRegisters: 1))
        XCTAssertEqual(
            SixelEncoder.encode(photo, colorRegisters: 1 << 20),
            SixelEncoder.encode(photo, colorRegisters: SixelEncoder.mostColorRegisters))
    }
}
