/// One iMCU row of a YCbCr 4:2:0 JPEG as its three planes: 16 rows of luma and 8 rows of each
/// chroma plane, each chroma sample covering a 2 × 2 block of luma. The geometry of libjpeg's
/// raw data, which `JPEGDecompression.readPlanes(into:)` fills and `JPEGBandEncoder.write(_:)`
/// encodes; zeroed when made.
///
/// A band for a DCT-scaled decode also holds ``fullResolutionChroma``: libjpeg decodes the
/// chroma of a scaled 4:2:0 photo at the luma's resolution, into those planes, and
/// `YCbCrColorMatrixKernel` brings them down to the 4:2:0 planes the encoder takes.
///
/// Owns its memory, which is freed with it; one thread at a time.
final class YCbCr420Band {
    /// Luma rows in a band.
    static let lumaRows = 16
    /// Rows of each chroma plane in a band.
    static let chromaRows = 8

    /// The luma plane: ``lumaRows`` rows, ``lumaStride`` bytes apart.
    let luma: UnsafeMutablePointer<UInt8>
    /// The blue-difference (Cb) plane: ``chromaRows`` rows, ``chromaStride`` bytes apart.
    let blueDifference: UnsafeMutablePointer<UInt8>
    /// The red-difference (Cr) plane, like the blue one.
    let redDifference: UnsafeMutablePointer<UInt8>
    let lumaStride: Int
    /// Also the chroma samples a row holds: the chroma row length libjpeg gives, a multiple of 8.
    let chromaStride: Int
    /// For a DCT-scaled decode, the Cb and Cr planes at the luma's resolution: ``lumaRows`` rows
    /// each, ``lumaStride`` bytes apart; nil at full scale.
    let fullResolutionChroma: (blue: UnsafeMutablePointer<UInt8>, red: UnsafeMutablePointer<UInt8>)?

    /// The bytes of the band of a `width`-pixel-wide image: libjpeg's row lengths are the
    /// planes' widths in blocks times 8 (for a scaled decode, times the scaled block size, never
    /// more than `width` rounded up to 8), that is `width` rounded up to 16 for luma and half of
    /// that for each chroma plane; and the luma's size twice more with `fullResolutionChroma`.
    static func byteCount(width: Int, fullResolutionChroma: Bool = false) -> UInt64 {
        let lumaStride = UInt64((width + 15) / 16 * 16)
        let fullChroma = fullResolutionChroma ? 2 * lumaStride * UInt64(lumaRows) : 0
        return lumaStride * UInt64(lumaRows) + lumaStride / 2 * UInt64(2 * chromaRows) + fullChroma
    }

    /// A band for planes whose rows are `lumaRowLength` and `chromaRowLength` samples long.
    /// A luma row gets room for two samples a chroma sample, even where libjpeg's is shorter
    /// (odd widths in blocks), so that every 2 × 2 block of a chroma sample is there to read.
    init(lumaRowLength: Int, chromaRowLength: Int) {
        lumaStride = max(lumaRowLength, 2 * chromaRowLength)
        chromaStride = chromaRowLength
        luma = Self.zeroed(Self.lumaRows * lumaStride)
        blueDifference = Self.zeroed(Self.chromaRows * chromaStride)
        redDifference = Self.zeroed(Self.chromaRows * chromaStride)
        fullResolutionChroma = nil
    }

    /// A band for a DCT-scaled decode whose luma and chroma rows are `rowLength` samples long
    /// (the longer of libjpeg's two): 4:2:0 chroma rows of half that, rounded up to a multiple
    /// of 8 (the kernel's step, and at least what the encoder reads for the scaled width), and
    /// ``fullResolutionChroma`` as long as the luma rows.
    init(scaledRowLength rowLength: Int) {
        chromaStride = ((rowLength + 1) / 2 + 7) / 8 * 8
        lumaStride = max(rowLength, 2 * chromaStride)
        luma = Self.zeroed(Self.lumaRows * lumaStride)
        blueDifference = Self.zeroed(Self.chromaRows * chromaStride)
        redDifference = Self.zeroed(Self.chromaRows * chromaStride)
        fullResolutionChroma = (Self.zeroed(Self.lumaRows * lumaStride), Self.zeroed(Self.lumaRows * lumaStride))
    }

    deinit {
        luma.deallocate()
        blueDifference.deallocate()
        redDifference.deallocate()
        fullResolutionChroma?.blue.deallocate()
        fullResolutionChroma?.red.deallocate()
    }

    private static func zeroed(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        memory.initialize(repeating: 0, count: count)
        return memory
    }
}
