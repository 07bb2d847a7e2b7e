import SepiaDemoContent
import XCTest

@testable import SepiaImaging

/// The YCbCr 4:2:0 kernel against its definition (`sepia_ycbcr_matrix.h`) evaluated in double
/// precision, on blocks of every kind: ones whose pixels all stay inside 0...255 before and after
/// the matrix (the kernel's affine shortcut), ones that clip dark or bright, and random ones.
final class YCbCrColorMatrixKernelTests: XCTestCase {
    /// The kinds of 8-block group the planes are made of, in the turn of ``groupOrder`` (the
    /// float code takes 8 chroma samples at a time, the fixed-point code of AVX2 machines 16,
    /// and each its shortcut only when all of its blocks allow it).
    private enum Group {
        /// Mid-grey luma and faint colour: no channel clips anywhere.
        case gentle
        /// Gentle, but one block holds a pixel bright enough to pass 255 after the matrix.
        case oneBright
        /// Dark luma under strong colour: the RGB of some pixels is below 0.
        case darkAndColourful
        /// Any bytes at all.
        case random
    }

    private struct Planes {
        var luma: [UInt8], blue: [UInt8], red: [UInt8]
    }

    /// Three gentle groups in a row, so that some runs of 16 blocks take the fixed-point
    /// shortcut and others hold a group that clips.
    private static let groupOrder: [Group] = [.gentle, .gentle, .gentle, .oneBright, .darkAndColourful, .random]

    /// Four runs of 16 blocks and 8 more: the row's end, which the AVX2 code takes 8 at a time.
    private static let chromaRowLength = 72
    private static let lumaRowLength = 2 * chromaRowLength

    private static func planes(seed: UInt64) -> Planes {
        var generator = SplitMix64(seed: seed)
        func byte(_ range: ClosedRange<UInt8>) -> UInt8 { UInt8.random(in: range, using: &generator) }
        let chromaCount = chromaRowLength * YCbCr420Band.chromaRows
        var planes = Planes(
            luma: [UInt8](repeating: 0, count: lumaRowLength * YCbCr420Band.lumaRows),
            blue: [UInt8](repeating: 0, count: chromaCount), red: [UInt8](repeating: 0, count: chromaCount))
        for sample in 0..<chromaCount {
            let group = groupOrder[(sample / 8) % groupOrder.count]
            let (lumaRange, chromaRange): (ClosedRange<UInt8>, ClosedRange<UInt8>) =
                switch group {
                case .gentle, .oneBright: (60...150, 118...138)
                case .darkAndColourful: (0...40, 0...255)
                case .random: (0...255, 0...255)
                }
            planes.blue[sample] = byte(chromaRange)
            planes.red[sample] = byte(chromaRange)
            let row = sample / chromaRowLength, column = sample % chromaRowLength
            for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                planes.luma[(2 * row + dy) * lumaRowLength + 2 * column + dx] = byte(lumaRange)
            }
            if group == .oneBright && sample % 8 == 5 { planes.luma[2 * row * lumaRowLength + 2 * column] = 250 }
        }
        return planes
    }

    private static func run(_ matrix: ColorMatrix, on planes: Planes) -> Planes {
        let band = YCbCr420Band(lumaRowLength: lumaRowLength, chromaRowLength: chromaRowLength)
        band.luma.update(from: planes.luma, count: planes.luma.count)
        band.blueDifference.update(from: planes.blue, count: planes.blue.count)
        band.redDifference.update(from: planes.red, count: planes.red.count)
        YCbCrColorMatrixKernel(matrix).run(on: band)
        return Planes(
            luma: Array(UnsafeBufferPointer(start: band.luma, count: planes.luma.count)),
            blue: Array(UnsafeBufferPointer(start: band.blueDifference, count: planes.blue.count)),
            red: Array(UnsafeBufferPointer(start: band.redDifference, count: planes.red.count)))
    }

    /// The definition in double precision, before rounding: new luma of every pixel, new Cb and
    /// Cr of every block.
    private static func exact(_ matrix: ColorMatrix, on planes: Planes) -> (luma: [Double], blue: [Double], red: [Double]) {
        exact(matrix, luma: planes.luma, blockCount: planes.blue.count) { _, block in (planes.blue[block], planes.red[block]) }
    }

    /// The same, each pixel's RGB from the chroma `chroma(pixel, block)` gives it (the block's
    /// sample in 4:2:0 planes, the pixel's own in full-resolution ones); `luma` rows are
    /// `lumaRowLength` long and the blocks `chromaRowLength` a row.
    private static func exact(
        _ matrix: ColorMatrix, luma planeLuma: [UInt8], blockCount: Int, chroma: (_ pixel: Int, _ block: Int) -> (UInt8, UInt8)
    ) -> (luma: [Double], blue: [Double], red: [Double]) {
        let m = matrix.coefficients.map(Double.init)
        var luma = [Double](repeating: 0, count: planeLuma.count)
        var blue = [Double](repeating: 0, count: blockCount)
        var red = [Double](repeating: 0, count: blockCount)
        for sample in 0..<blockCount {
            let row = sample / chromaRowLength, column = sample % chromaRowLength
            var sum = [0.0, 0.0, 0.0]
            for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let index = (2 * row + dy) * lumaRowLength + 2 * column + dx
                let (blueByte, redByte) = chroma(index, sample)
                let cb = Double(blueByte) - 128, cr = Double(redByte) - 128
                let offsets = [1.402 * cr, -0.344136 * cb - 0.714136 * cr, 1.772 * cb]
                let rgb = offsets.map { min(max(Double(planeLuma[index]) + $0, 0), 255) }
                let new = (0..<3).map { min(m[3 * $0] * rgb[0] + m[3 * $0 + 1] * rgb[1] + m[3 * $0 + 2] * rgb[2], 255) }
                luma[index] = 0.299 * new[0] + 0.587 * new[1] + 0.114 * new[2]
                for channel in 0..<3 { sum[channel] += new[channel] }
            }
            let mean = sum.map { $0 / 4 }
            blue[sample] = -0.168736 * mean[0] - 0.331264 * mean[1] + 0.5 * mean[2] + 128
            red[sample] = 0.5 * mean[0] - 0.418688 * mean[1] - 0.081312 * mean[2] + 128
        }
        return (luma, blue, red)
    }

    /// Each byte is its exact value rounded half up, except where that value lies within 3/64 of
    /// a level of a half, where it may round either way: the error bound of the fixed-point
    /// shortcut (`sepia_ycbcr_fixed16.h`; single-precision arithmetic errs far less). Returns
    /// how many bytes were held to the exact rounding.
    private func assertRounded(
        _ actual: [UInt8], _ exact: [Double], _ plane: String, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        var checked = 0
        for (index, value) in exact.enumerated() {
            let distanceFromHalf = abs(value - value.rounded(.down) - 0.5)
            let expected = UInt8(min(max((value + 0.5).rounded(.down), 0), 255))
            if distanceFromHalf <= 3.0 / 64 {
                XCTAssertLessThanOrEqual(abs(Int(actual[index]) - Int(expected)), 1, "\(plane) \(index)", file: file, line: line)
                continue
            }
            XCTAssertEqual(actual[index], expected, "\(plane) \(index) (exact \(value))", file: file, line: line)
            checked += 1
        }
        return checked
    }

    func testEveryKindOfBlockMatchesTheDefinition() {
        // The last brightens by 2.5, more than the fixed point holds: the float code takes it all.
        let matrices: [ColorMatrix] = [
            .sepia(intensity: 0.8), .sepia(intensity: 1), .grayscale, .sepia(intensity: 0), ColorMatrix([2.5, 0, 0, 0, 2.5, 0, 0, 0, 2.5]),
        ]
        for (number, matrix) in matrices.enumerated() {
            let planes = Self.planes(seed: UInt64(number + 1))
            let output = Self.run(matrix, on: planes)
            let exact = Self.exact(matrix, on: planes)
            let checked =
                assertRounded(output.luma, exact.luma, "luma") + assertRounded(output.blue, exact.blue, "Cb")
                + assertRounded(output.red, exact.red, "Cr")
            XCTAssertGreaterThan(checked, (planes.luma.count + 2 * planes.blue.count) * 85 / 100, "matrix \(number)")
        }
    }

    /// Planes whose every pixel has its own chroma, as a DCT-scaled decode gives them, into
    /// 4:2:0: each pixel's new luma from its own chroma, each block's chroma from the mean of its
    /// four new RGBs (`sepia_ycbcr444_apply_matrix_to_420`), against that definition in double
    /// precision, for sepia, grey and the identity (which the scaled path runs without a filter).
    func testFullResolutionChromaMatchesTheDefinition() throws {
        let band = YCbCr420Band(scaledRowLength: Self.lumaRowLength)
        XCTAssertEqual(band.chromaStride, Self.chromaRowLength)
        XCTAssertEqual(band.lumaStride, Self.lumaRowLength)
        let full = try XCTUnwrap(band.fullResolutionChroma)
        let count = Self.lumaRowLength * YCbCr420Band.lumaRows
        for (number, matrix) in [ColorMatrix.sepia(intensity: 0.8), .grayscale, .identity].enumerated() {
            var generator = SplitMix64(seed: UInt64(20 + number))
            // Columns of pixels mid-grey with faint colour, and between them anything at all: the
            // first two runs of 16 blocks of a row take the fixed-point shortcut on AVX2
            // machines, the third holds pixels that clip, the fourth takes it again, and the
            // last 8 blocks take the float code.
            let isGentle = { (index: Int) in index % Self.lumaRowLength % 96 < 64 }
            let luma = (0..<count).map {
                isGentle($0) ? UInt8.random(in: 60...150, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            let blue = (0..<count).map {
                isGentle($0) ? UInt8.random(in: 118...138, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            let red = (0..<count).map {
                isGentle($0) ? UInt8.random(in: 118...138, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            band.luma.update(from: luma, count: count)
            full.blue.update(from: blue, count: count)
            full.red.update(from: red, count: count)
            YCbCrColorMatrixKernel(matrix).run(on: band)
            let chromaCount = Self.chromaRowLength * YCbCr420Band.chromaRows
            let exact = Self.exact(matrix, luma: luma, blockCount: chromaCount) { pixel, _ in (blue[pixel], red[pixel]) }
            let checked =
                assertRounded(Array(UnsafeBufferPointer(start: band.luma, count: count)), exact.luma, "luma \(number)")
                + assertRounded(Array(UnsafeBufferPointer(start: band.blueDifference, count: chromaCount)), exact.blue, "Cb \(number)")
                + assertRounded(Array(UnsafeBufferPointer(start: band.redDifference, count: chromaCount)), exact.red, "Cr \(number)")
            XCTAssertGreaterThan(checked, (count + 2 * chromaCount) * 85 / 100, "matrix \(number)")
            XCTAssertEqual(Array(UnsafeBufferPointer(start: full.blue, count: count)), blue, "the full-resolution planes are only read")
        }
    }

    /// The gentle groups are what real photos are mostly made of; they change under sepia, and
    /// the identity leaves them as they were, to a level.
    func testGentleBlocksAreTonedAndTheIdentityKeepsThem() {
        let planes = Self.planes(seed: 9)
        let toned = Self.run(.sepia(intensity: 0.8), on: planes)
        XCTAssertNotEqual(toned.luma, planes.luma)
        XCTAssertNotEqual(toned.blue, planes.blue)
        let kept = Self.run(.sepia(intensity: 0), on: planes)
        for sample in 0..<8 {  // the first group is a gentle one
            XCTAssertLessThanOrEqual(abs(Int(kept.blue[sample]) - Int(planes.blue[sample])), 1, "Cb \(sample)")
            XCTAssertLessThanOrEqual(abs(Int(kept.red[sample]) - Int(planes.red[sample])), 1, "Cr \(sample)")
            XCTAssertLessThanOrEqual(abs(Int(kept.luma[2 * sample]) - Int(planes.luma[2 * sample])), 1, "luma \(2 * sample)")
        }
    }
}
