import CSepiaCodecs

/// One PNG read through the C shim's libpng decoder, as 8-bit RGBA whatever its colour type
/// and bit depth: every row at once (``readPixels(into:)``), or a band of rows at a time
/// (``startRows()``, ``readRows(into:bytesPerRow:capacity:)``, ``finishRows()``) when it is not
/// interlaced. Both give the same rows; `PNGDecoder` and `JPEGStreaming` use it. The passes of
/// an interlaced one that has arrived in part make a preview (``readPasses(step:into:)``).
///
/// Owns the shim's decoder, which points into `data`: the reader must not outlive the bytes.
final class PNGReader {
    private let decoder: OpaquePointer
    /// The stored size.
    let size: PixelSize

    /// Reads the chunks before the image data. The caller checks ``size`` and asks for its
    /// memory (`ImageDecodingOptions.admit(width:height:holding:)`) before it reads any row.
    ///
    /// - Throws: `ImageDecodingError`.
    init(_ data: UnsafeRawBufferPointer) throws {
        guard let decoder = sepia_png_decoder_create() else { throw ImageDecodingError.outOfMemory }
        self.decoder = decoder
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = sepia_png_decoder_read_header(decoder, data.baseAddress, data.count, &width, &height)
        size = PixelSize(width: Int(width), height: Int(height))
        try check(status)
    }

    deinit { sepia_png_decoder_destroy(decoder) }

    /// Whether the rows are Adam7-interlaced: then only ``readPixels(into:)`` can read them.
    var isInterlaced: Bool { sepia_png_decoder_is_interlaced(decoder) }

    /// Decodes every row into `pixels`, `size.height` rows of `size.width` RGBA pixels.
    func readPixels(into pixels: UnsafeMutableBufferPointer<UInt8>) throws {
        try check(sepia_png_decoder_read_pixels(decoder, pixels.baseAddress, size.width * RGBAImage.bytesPerPixel))
    }

    /// Prepares a PNG that is not interlaced for ``readRows(into:bytesPerRow:capacity:)``.
    func startRows() throws {
        try check(sepia_png_decoder_start_rows(decoder))
    }

    /// Decodes up to `capacity` of the next rows into `rows`, `bytesPerRow` apart; returns how
    /// many, 0 once every row was read.
    func readRows(into rows: UnsafeMutablePointer<UInt8>, bytesPerRow: Int, capacity: Int) throws -> Int {
        var count: UInt32 = 0
        try check(sepia_png_decoder_read_rows(decoder, rows, bytesPerRow, UInt32(capacity), &count))
        return Int(count)
    }

    /// Reads the chunks after the last row (damage there is only a warning).
    func finishRows() throws {
        try check(sepia_png_decoder_finish_rows(decoder))
    }

    /// Decodes the Adam7 passes the data holds whole into `canvas`, a grid of every `step`-th
    /// pixel each way (`step` 1, 2, 4 or 8; `ceil(width / step)` pixels a row), for a preview
    /// of a PNG still arriving; see `sepia_png_decoder_read_passes`. Returns the passes read
    /// whole, 0 to 7.
    ///
    /// - Throws: `ImageDecodingError` for damaged data; data that stops early is not an error.
    func readPasses(step: Int, into canvas: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
        var passes: UInt32 = 0
        let columns = (size.width + step - 1) / step
        try check(sepia_png_decoder_read_passes(decoder, UInt32(step), canvas.baseAddress, columns * RGBAImage.bytesPerPixel, &passes))
        return Int(passes)
    }

    /// The decoder's warnings that `policy` accepts.
    ///
    /// - Throws: `ImageDecodingError` for damage the policy does not accept.
    func acceptedWarnings(policy: ImageDecodingOptions.DamagePolicy) throws -> [String] {
        try report.acceptedWarnings(format: .png, policy: policy)
    }

    /// The colour profile the pixels are in (nil for sRGB), from the chunks before the image data;
    /// a profile that cannot be made is nil, and its reason is added to `warnings`.
    func colorProfile(warnings: inout [String]) -> [UInt8]? {
        do throws(ColorProfileError) {
            return try PNGColorChunks(chunks).profile()
        } catch {
            warnings.append(DecodedImage.ignoredProfileWarning(error.reason))
            return nil
        }
    }

    /// The eXIf chunk's EXIF, if there is one among the chunks read so far.
    var exif: [UInt8]? {
        let chunks = chunks
        return chunks.exif_tiff.map { Array(UnsafeBufferPointer(start: $0, count: chunks.exif_tiff_length)) }
    }

    private var chunks: sepia_png_chunks {
        var chunks = sepia_png_chunks()
        sepia_png_decoder_chunks(decoder, &chunks)
        return chunks
    }

    private var report: CodecReport { CodecReport(sepia_png_decoder_diagnostics(decoder)) }

    private func check(_ status: sepia_status) throws {
        if status != SEPIA_STATUS_OK { throw report.decodingError(for: status, format: .png) }
    }
}
