/// One iMCU row of a YCbCr 4:2:0 JPEG as its three planes: 16 rows of luma and 8 rows of each
/// chroma plane, each chroma sample covering a 2 × 2 block of luma. The geometry of libjpeg's
/// raw data, which `JPEGDecompression.readPlanes(into:)` fills and `JPEGBandEncoder.write(_:)`
/// encodes; zeroed when made.
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

    /// The bytes of the band of a `width`-pixel-wide image: libjpeg's row lengths are the
    /// planes' widths in blocks times 8, that is `width` rounded up to 16 for luma and half of
    /// that for each chroma plane.
    static func byteCount(width: Int) -> UInt64 {
        let lumaStride = UInt64((width + 15) / 16 * 16)
        return lumaStride * UInt64(lumaRows) + lumaStride / 2 * UInt64(2 * chromaRows)
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
    }

    deinit {
        luma.deallocate()
        blueDifference.deallocate()
        redDifference.deallocate()
    }

    private static func zeroed(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        memory.initialize(repeating: 0, count: count)
        return memory
    }
}
