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
/// were several times slower. Blocks that clip nowhere take an affine shortcut, which AVX2
/// machines run 16 blocks at a time in 16-bit fixed point (within 3/64 of a level of the exact
/// value before rounding, `sepia_ycbcr_fixed16.h`), at full scale and for a scaled decode's
/// full-resolution chroma alike.
struct YCbCrColorMatrixKernel: Sendable {
    private let coefficients: [Float]

    init(_ matrix: ColorMatrix) {
        coefficients = matrix.coefficients
    }

    /// Applies the matrix to every sample of `band`; for a band with full-resolution chroma,
    /// each pixel's RGB comes from its own chroma and the 4:2:0 planes get each 2 × 2 block's
    /// (`sepia_ycbcr444_apply_matrix_to_420`), which the identity matrix leaves at the mean of
    /// the block's clamped RGB.
    func run(on band: YCbCr420Band) {
        // Each chroma row is a whole stride long.
        if let full = band.fullResolutionChroma {
            sepia_ycbcr444_apply_matrix_to_420(
                coefficients, band.luma, band.lumaStride, full.blue, full.red, band.lumaStride, band.blueDifference,
                band.redDifference, band.chromaStride, band.chromaStride, YCbCr420Band.chromaRows)
        } else {
            sepia_ycbcr420_apply_matrix(
                coefficients, band.luma, band.lumaStride, band.blueDifference, band.redDifference, band.chromaStride,
                band.chromaStride, YCbCr420Band.chromaRows)
        }
    }
}
