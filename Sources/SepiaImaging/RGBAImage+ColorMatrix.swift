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

/// The colour-matrix inner loop, with the coefficients in 16.16 fixed point.
///
/// Each pixel is loaded as one 32-bit word and its channels are split with shifts and masks,
/// so the loop is plain integer code that LLVM's loop vectoriser turns into SIMD code (no
/// allocation, no dynamic dispatch, no trapping float-to-integer conversions).
struct ColorMatrixKernel: Sendable {
    /// The fixed-point scale: coefficients are stored as `round(coefficient * 65536)`.
    static let fractionBits: UInt32 = 16

    private let rr, rg, rb, gr, gg, gb, br, bg, bb: UInt32

    init(_ matrix: ColorMatrix) {
        let c = matrix.coefficients.map { UInt32(($0 * Float(1 << Self.fractionBits)).rounded()) }
        (rr, rg, rb, gr, gg, gb, br, bg, bb) = (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8])
    }

    /// Rewrites `pixelCount` RGBA pixels starting at `pixels` (any alignment).
    @inline(__always)
    func run(_ pixels: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        let bytes = UnsafeMutableRawPointer(pixels)
        let half: UInt32 = 1 << (Self.fractionBits - 1)
        for index in 0..<pixelCount {
            let offset = index &* 4
            let word = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let red = word & 0xFF, green = (word &>> 8) & 0xFF, blue = (word &>> 16) & 0xFF
            let newRed = min((rr &* red &+ rg &* green &+ rb &* blue &+ half) &>> Self.fractionBits, 255)
            let newGreen = min((gr &* red &+ gg &* green &+ gb &* blue &+ half) &>> Self.fractionBits, 255)
            let newBlue = min((br &* red &+ bg &* green &+ bb &* blue &+ half) &>> Self.fractionBits, 255)
            let result = (word & 0xFF00_0000) | newRed | (newGreen &<< 8) | (newBlue &<< 16)
            bytes.storeBytes(of: result.littleEndian, toByteOffset: offset, as: UInt32.self)
        }
    }
}
