import Dispatch

extension RGBAImage {
    /// Returns a copy with `matrix` applied to every pixel's colour; alpha is kept.
    ///
    /// The copy is written straight from this image's pixels (one pass, nothing copied
    /// first), with tightly packed rows.
    ///
    /// - Parameter parallel: split the rows across the machine's cores when the image is large
    ///   enough for that to pay (the default). Pass `false` to stay on the calling thread.
    public func applying(_ matrix: ColorMatrix, parallel: Bool = true) -> RGBAImage {
        let kernel = ColorMatrixKernel(matrix)
        let (width, rowLength, rowStride) = (width, width * Self.bytesPerPixel, bytesPerRow)
        return pixels.withUnsafeBufferPointer { source in
            let input = UncheckedSendable(source.baseAddress!)
            return RGBAImage(width: width, height: height) { output in
                let start = UncheckedSendable(output.baseAddress!)
                RowPartition.run(rows: height, pixelsPerRow: width, parallel: parallel) { range in
                    if rowStride == rowLength {
                        let offset = range.lowerBound * rowLength
                        kernel.run(from: input.value + offset, to: start.value + offset, pixelCount: range.count * width)
                    } else {
                        for row in range {
                            kernel.run(from: input.value + row * rowStride, to: start.value + row * rowLength, pixelCount: width)
                        }
                    }
                }
            }
        }
    }

    /// Applies `matrix` to every pixel's colour in place; alpha is kept.
    ///
    /// Not folded into one helper with ``applying(_:parallel:)``: here the kernel must get the
    /// very same pointer twice inside the row closure, so that LLVM sees the loop read and
    /// write the same word; two pointers captured separately would need a run-time overlap
    /// check, which fails for equal pointers and falls back to the scalar loop.
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
                    kernel.run(from: first, to: first, pixelCount: range.count * width)
                } else {
                    for row in range {
                        let first = start.value + row * rowStride
                        kernel.run(from: first, to: first, pixelCount: width)
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

    /// Writes `pixelCount` RGBA pixels read at `source` to `destination` (any alignment; the
    /// two are either the same address or do not overlap).
    @inline(__always)
    func run(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        let input = UnsafeRawPointer(source)
        let output = UnsafeMutableRawPointer(destination)
        for index in 0..<pixelCount {
            let offset = index &* 4
            let word = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let red = Float(word & 0xFF), green = Float((word &>> 8) & 0xFF), blue = Float((word &>> 16) & 0xFF)
            let newRed = Self.byte(rr * red + rg * green + rb * blue)
            let newGreen = Self.byte(gr * red + gg * green + gb * blue)
            let newBlue = Self.byte(br * red + bg * green + bb * blue)
            let result = (word & 0xFF00_0000) | newRed | (newGreen &<< 8) | (newBlue &<< 16)
            output.storeBytes(of: result.littleEndian, toByteOffset: offset, as: UInt32.self)
        }
    }

    /// `value` (never negative) clamped to 255 and rounded to the nearest integer.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt32 {
        (min(value, 255) + roundingBias).bitPattern & 0xFF
    }
}
