import Dispatch

extension RGBAImage {
    /// Returns a copy with `matrix` applied to every pixel's colour; alpha is kept.
    ///
    /// - Parameter parallel: split the rows across the machine's cores when the image is large
    ///   enough for that to pay (the default). Pass `false` to stay on the calling thread.
    public func applying(_ matrix: ColorMatrix, parallel: Bool = true) -> RGBAImage {
        var output = self
        output.apply(matrix, parallel: parallel)
        return output
    }

    /// Applies `matrix` to every pixel's colour in place; alpha is kept.
    public mutating func apply(_ matrix: ColorMatrix, parallel: Bool = true) {
        let kernel = ColorMatrixKernel(matrix)
        let rowLength = width * Self.bytesPerPixel
        let rowStride = bytesPerRow
        let rows = height
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = UncheckedSendable(base)
            RowPartition.run(rows: rows, pixelsPerRow: width, parallel: parallel) { range in
                if rowStride == rowLength {
                    let first = start.value + range.lowerBound * rowStride
                    kernel.run(first, pixelCount: range.count * width)
                } else {
                    for row in range {
                        kernel.run(start.value + row * rowStride, pixelCount: width)
                    }
                }
            }
        }
    }
}

/// The colour-matrix inner loop.
///
/// Each pixel is loaded as one 32-bit word and its channels are split with shifts and masks,
/// so the loop is plain scalar code that LLVM's loop vectoriser turns into SIMD code (no
/// allocation, no dynamic dispatch). Swift's float-to-integer conversions trap on values
/// out of range, and that check stops vectorisation; the kernel rounds instead by adding
/// 1.5 × 2²³, after which the float's low mantissa bits hold the value rounded to the
/// nearest integer (IEEE 754 round-to-nearest, ties to even), for any value in 0...2²².
struct ColorMatrixKernel: Sendable {
    private static let roundingBias: Float = 12_582_912

    private let rr, rg, rb, gr, gg, gb, br, bg, bb: Float

    init(_ matrix: ColorMatrix) {
        let c = matrix.coefficients
        (rr, rg, rb, gr, gg, gb, br, bg, bb) = (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8])
    }

    /// Rewrites `pixelCount` RGBA pixels starting at `pixels` (any alignment).
    @inline(__always)
    func run(_ pixels: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        let bytes = UnsafeMutableRawPointer(pixels)
        for index in 0..<pixelCount {
            let offset = index &* 4
            let word = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let red = Float(word & 0xFF), green = Float((word &>> 8) & 0xFF), blue = Float((word &>> 16) & 0xFF)
            let newRed = Self.byte(rr * red + rg * green + rb * blue)
            let newGreen = Self.byte(gr * red + gg * green + gb * blue)
            let newBlue = Self.byte(br * red + bg * green + bb * blue)
            let result = (word & 0xFF00_0000) | newRed | (newGreen &<< 8) | (newBlue &<< 16)
            bytes.storeBytes(of: result.littleEndian, toByteOffset: offset, as: UInt32.self)
        }
    }

    /// `value` (never negative) clamped to 255 and rounded to the nearest integer.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt32 {
        (min(value, 255) + roundingBias).bitPattern & 0xFF
    }
}
