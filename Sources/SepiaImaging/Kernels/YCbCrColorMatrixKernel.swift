import CSepiaKernels

/// A ``ColorMatrix`` applied to YCbCr 4:2:0 planes in place, for the JPEG-to-JPEG path that
/// never converts to RGB rows (`JPEGStreaming`).
///
/// For each chroma sample and the 2 × 2 luma samples it covers: each pixel's RGB (the JFIF
/// conversion of ITU-T T.871, section 7, with the chroma sample as it is stored: no
/// interpolation between chroma samples), clamped to 0...255; the matrix, clamped at 255; the
/// pixel's new luma; and the chroma of the block's mean new RGB, which is what averaging the
/// four pixels' chroma gives (libjpeg's 4:2:0 downsampling), since the conversion is linear.
/// So one pass replaces libjpeg's chroma upsampling and both colour conversions, and
/// `ColorMatrixKernel`'s pass between them. The loop is C with explicit vectors
/// (`sepia_ycbcr420_apply_matrix`): neither LLVM's loop vectoriser nor Swift's SIMD types made
/// vector code of it (the 2 × 2 blocks; `pointwiseMin` kept out of line), so the Swift versions
/// were several times slower. Blocks that clip nowhere take an affine shortcut.
struct YCbCrColorMatrixKernel: Sendable {
    private let coefficients: [Float]

    init(_ matrix: ColorMatrix) {
        coefficients = matrix.coefficients
    }

    /// Applies the matrix to every sample of `band`.
    func run(on band: YCbCr420Band) {
        sepia_ycbcr420_apply_matrix(
            coefficients, band.luma, band.lumaStride, band.blueDifference, band.redDifference, band.chromaStride,
            band.chromaStride, YCbCr420Band.chromaRows)  // each chroma row is a whole stride long
    }
}
