import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTerminal
import SepiaTestSupport
import XCTest

/// `SixelEncoder`'s output decoded by another program, ImageMagick's sixel reader.
final class SixelImageMagickTests: XCTestCase {
    private func decoded(_ sixel: [UInt8]) throws -> RGBAImage {
        try ImageDecoder.decode([UInt8](SixelDecoding.imageMagickPNG(of: sixel))).image
    }

    /// The levels a register keeps exactly (n × 51 is n × 20 %): a 6 × 6 × 6 cube of them.
    private func cubeColor(_ index: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        (UInt8(index / 36 % 6 * 51), UInt8(index / 6 % 6 * 51), UInt8(index % 6 * 51), 255)
    }

    func testPhotosDecodeCloseToTheirSource() throws {
        // 256 registers. On these three photos at this size libsixel's img2sixel scores
        // 36.1-36.7 dB (ImageMagick's `compare -metric PSNR`), Sepia 40.5-40.6 dB with
        // Floyd-Steinberg and 41.9-42.6 dB without (2026-11-24): 38 dB asks for better than
        // img2sixel with 2.5 dB to spare; a wrong palette, band or error term costs far more.
        for seed: UInt64 in [1, 2, 3] {
            let photo = PhotoGenerator(seed: seed).render(width: 160, height: 120)
            let output = SixelEncoder.encode(photo)
            let psnr = try decoded(output).peakSignalToNoiseRatio(against: photo)
            XCTAssertGreaterThan(psnr, 38, "photo \(seed)")
            let undithered = try decoded(SixelEncoder.encode(photo, dithering: .none)).peakSignalToNoiseRatio(against: photo)
            XCTAssertGreaterThan(undithered, 38, "photo \(seed) without dithering")
        }
    }

    func testDitheringKeepsTheLocalMeanOfAGradient() throws {
        // A grey ramp of 64 levels drawn with 2 registers (median cut makes them about 62 and 190):
        // error diffusion mixes them so that each 8×8 block between the two keeps its mean level,
        // where nearest colours turn the ramp into two steps. Measured: 4.8 levels off at worst
        // dithered, 49 not; sending the 7/16 back to the pixel before gave 17.
        let ramp = SixelEncoderTests.image(width: 64, height: 64) { x, _ in (UInt8(x * 4), UInt8(x * 4), UInt8(x * 4), 255) }
        func worstBlockError(_ dithering: SixelDithering) throws -> Double {
            let back = try decoded(SixelEncoder.encode(ramp, colorRegisters: 2, dithering: dithering))
            var worst = 0.0
            for blockY in stride(from: 0, to: 64, by: 8) {
                for blockX in stride(from: 16, to: 48, by: 8) {
                    var difference = 0.0
                    for y in blockY..<blockY + 8 {
                        for x in blockX..<blockX + 8 { difference += Double(back.pixel(x: x, y: y).green) - Double(x * 4) }
                    }
                    worst = max(worst, abs(difference / 64))
                }
            }
            return worst
        }
        let dithered = try worstBlockError(.floydSteinberg)
        let undithered = try worstBlockError(.none)
        XCTAssertLessThan(dithered, 8, "dithered")
        XCTAssertGreaterThan(undithered, 24, "undithered")
    }

    func testFewColoursComeBackIdentical() throws {
        // 216 colours every register holds exactly, in a pattern with runs and single pixels.
        let image = SixelEncoderTests.image(width: 67, height: 23) { x, y in self.cubeColor((x * 7 + y * 13 + x * y) % 216) }
        let back = try decoded(SixelEncoder.encode(image, colorRegisters: 216))
        XCTAssertEqual(back.width, 67)
        XCTAssertEqual(back.height, 23)
        XCTAssertEqual(back.peakSignalToNoiseRatio(against: image), .infinity)
        XCTAssertEqual(back.pixels, image.pixels)
    }

    func testRegisterCountStaysWithinTheLimit() throws {
        let photo = PhotoGenerator(seed: 7).render(width: 96, height: 64)
        for registers in [2, 16, 256] {
            let output = SixelEncoder.encode(photo, colorRegisters: registers)
            let text = String(decoding: output, as: UTF8.self)
            let definitions = text.matches(of: /#(\d+);2;/).map { Int($0.1)! }
            let selections = text.matches(of: /#(\d+)(?!\d|;)/).map { Int($0.1)! }
            XCTAssertLessThanOrEqual(definitions.count, registers)
            XCTAssertEqual(Set(definitions).count, definitions.count, "a register defined twice")
            XCTAssertTrue(selections.allSatisfy { $0 < definitions.count }, "a register selected but not defined")
            let back = try decoded(output)
            var colors = Set<[UInt8]>()
            for offset in stride(from: 0, to: back.pixels.count, by: 4) { colors.insert(Array(back.pixels[offset..<offset + 3])) }
            XCTAssertLessThanOrEqual(colors.count, registers)
        }
    }

    func testEdgeSizesDecodeToTheirSize() throws {
        // 1×1, 1×7 (a band of six and one of one row) and 7×13, each with more colours than
        // registers (quantised and dithered) and with few (exact).
        for (width, height) in [(1, 1), (1, 7), (7, 13)] {
            let image = SixelEncoderTests.image(width: width, height: height) { x, y in self.cubeColor(x * 31 + y * 5) }
            for registers in [2, 256] {
                let back = try decoded(SixelEncoder.encode(image, colorRegisters: registers))
                XCTAssertEqual([back.width, back.height], [width, height], "\(width)×\(height) with \(registers) registers")
                if registers == 256 { XCTAssertEqual(back.pixels, image.pixels, "\(width)×\(height)") }
            }
        }
    }

    func testOpaquePixelsNextToTransparentOnesKeepTheirColours() throws {
        // ImageMagick paints the unpainted pixels with register 0; the opaque ones must be exact.
        let image = SixelEncoderTests.image(width: 9, height: 9) { x, y in
            x == y ? (255, 255, 255, 0) : self.cubeColor(x + 9 * y)
        }
        let back = try decoded(SixelEncoder.encode(image))
        for y in 0..<9 {
            for x in 0..<9 where x != y {
                XCTAssertTrue(back.pixel(x: x, y: y) == image.pixel(x: x, y: y), "pixel (\(x), \(y))")
            }
        }
    }
}
