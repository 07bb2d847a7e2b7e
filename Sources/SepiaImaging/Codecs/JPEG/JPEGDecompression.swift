import CSepiaCodecs

/// A libjpeg-turbo decompression that has read a JPEG's header and checked it against the
/// decoding options: the first half of both the whole-image decode (`JPEGDecoder`) and the
/// band-wise transcode (`JPEGStreaming`), so that both refuse, scale and convert a photo alike.
///
/// Owns the shim's decoder, which is freed with it; one thread at a time.
final class JPEGDecompression {
    let decoder: OpaquePointer
    /// The stored size, before scaling and orientation.
    let sourceWidth: Int
    let sourceHeight: Int
    /// The EXIF orientation (`.up` without one).
    let orientation: EXIFOrientation
    /// The EXIF TIFF structure, copied: libjpeg frees its saved marker when decompression ends
    /// (ImageDecoderFuzzer found the read after it under ASan).
    let exif: [UInt8]?
    /// The ICC profile of the APP2 segments.
    let profile: [UInt8]?
    /// The image is stored as CMYK or YCCK.
    let isCMYK: Bool
    /// The CMYK is stored inverted (Adobe).
    let isCMYKInverted: Bool
    /// The bytes of libjpeg's whole-image coefficient buffer, which a progressive (multi-scan)
    /// JPEG holds from the start of the decompression to its end at full size, whatever the
    /// output scale, and whether or not the rows are streamed; 0 for a single-scan JPEG.
    let coefficientBytes: UInt64

    /// Reads the header of `data`, which must outlive this object.
    ///
    /// - Throws: `ImageDecodingError` when the header is damaged, or when a progressive JPEG's
    ///   full-size coefficients would not fit in the memory `options.pixelLimit` allows.
    init(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws {
        guard let decoder = sepia_jpeg_decoder_create() else { throw ImageDecodingError.outOfMemory }
        self.decoder = decoder
        var header = sepia_jpeg_header()
        let status = sepia_jpeg_decoder_read_header(decoder, data.baseAddress, data.count, &header)
        guard status == SEPIA_STATUS_OK else {
            let error = CodecReport(sepia_jpeg_decoder_diagnostics(decoder)).decodingError(for: status, format: .jpeg)
            sepia_jpeg_decoder_destroy(decoder)
            throw error
        }
        sourceWidth = Int(header.width)
        sourceHeight = Int(header.height)
        let exifTIFF = UnsafeRawBufferPointer(start: header.exif_tiff, count: header.exif_tiff_length)
        orientation = EXIFOrientation(exifTIFF: exifTIFF) ?? .up
        exif = exifTIFF.isEmpty ? nil : Array(exifTIFF)
        profile = header.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: header.icc_profile_length)) }
        isCMYK = header.cmyk
        isCMYKInverted = header.cmyk_inverted
        coefficientBytes = header.whole_image_coefficient_bytes
        if header.whole_image_coefficient_bytes > options.byteLimit(bytesPerPixel: RGBAImage.bytesPerPixel) {
            throw ImageDecodingError.tooLarge(width: sourceWidth, height: sourceHeight, limit: options.pixelLimit)
        }
    }

    deinit { sepia_jpeg_decoder_destroy(decoder) }

    /// What libjpeg reported so far.
    var report: CodecReport { CodecReport(sepia_jpeg_decoder_diagnostics(decoder)) }

    /// Throws the decoding error for `status` unless it is OK.
    func check(_ status: sepia_status) throws {
        if status != SEPIA_STATUS_OK { throw report.decodingError(for: status, format: .jpeg) }
    }

    /// Sets the DCT scaling `options.targetSize` allows (see `JPEGDownscale`) and returns the
    /// output size and the denominator. The caller checks the size and asks for the memory it
    /// holds (`ImageDecodingOptions.admit(width:height:holding:)`, with ``coefficientBytes``)
    /// before ``start()``.
    func scale(for options: ImageDecodingOptions) throws -> (width: Int, height: Int, denominator: Int) {
        var denominator = 1
        if let target = options.targetSize {
            let storedTarget = orientation.swapsDimensions ? target.transposed : target
            denominator = JPEGDownscale.denominator(width: sourceWidth, height: sourceHeight, fitting: storedTarget)
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        try check(sepia_jpeg_decoder_set_scale(decoder, UInt32(denominator), &width, &height))
        return (Int(width), Int(height), denominator)
    }

    /// Starts decompressing, after `scale(for:)`: then `readRows` until it gives 0, then `finish`.
    func start() throws {
        try check(sepia_jpeg_decoder_start(decoder))
    }

    /// Decodes up to `capacity` (at most 32) rows into `rows`, `bytesPerRow` apart, and returns
    /// how many; 0 once every row is decoded.
    func readRows(into rows: UnsafeMutablePointer<UInt8>, bytesPerRow: Int, capacity: Int) throws -> Int {
        var count: UInt32 = 0
        try check(sepia_jpeg_decoder_read_rows(decoder, rows, bytesPerRow, UInt32(capacity), &count))
        return Int(count)
    }

    /// Whether the photo is stored as YCbCr 4:2:0, which `startPlanes` can hand out as planes.
    var hasYCbCr420Planes: Bool { sepia_jpeg_decoder_has_ycbcr_420_planes(decoder) }

    /// Starts decompressing to YCbCr 4:2:0 planes at 1/`denominator` of the stored size (1, 2,
    /// 4 or 8, as ``scale(for:)`` chose it), instead of `start`: then `readPlanes` until it gives
    /// 0, then `finish`. Returns the length of a luma and of a chroma row (the planes' widths in
    /// blocks times the scaled block size, past the image's edge) and whether the chroma comes
    /// at the luma's resolution, as libjpeg decodes it when scaled.
    func startPlanes(denominator: Int = 1) throws -> (luma: Int, chroma: Int, fullResolutionChroma: Bool) {
        var luma: UInt32 = 0
        var chroma: UInt32 = 0
        var chromaRows: UInt32 = 0
        try check(sepia_jpeg_decoder_start_planes(decoder, UInt32(denominator), &luma, &chroma, &chromaRows))
        return (Int(luma), Int(chroma), Int(chromaRows) == YCbCr420Band.lumaRows)
    }

    /// Decodes the next 16 luma rows into `planes`, and 8 rows of each chroma plane (or, for a
    /// scaled decode, 16 rows into its ``YCbCr420Band/fullResolutionChroma``); returns how many
    /// of the image's rows they hold, 0 once every row is decoded.
    func readPlanes(into planes: YCbCr420Band) throws -> Int {
        var rows: UInt32 = 0
        let (blue, red, chromaStride) =
            planes.fullResolutionChroma.map { ($0.blue, $0.red, planes.lumaStride) }
            ?? (planes.blueDifference, planes.redDifference, planes.chromaStride)
        try check(sepia_jpeg_decoder_read_planes(decoder, planes.luma, planes.lumaStride, blue, red, chromaStride, &rows))
        return Int(rows)
    }

    /// Ends the decompression, after the last row.
    func finish() throws {
        try check(sepia_jpeg_decoder_finish(decoder))
    }

    /// The transform that brings the decoded samples to sRGB, when `options` ask for it and the
    /// profile is not sRGB already; a profile that cannot be used adds its warning to `warnings`.
    func colorTransform(for options: ImageDecodingOptions, warnings: inout [String]) -> ColorTransform? {
        let samples: ColorConversionPlan.Samples = isCMYK ? .cmyk(inverted: isCMYKInverted) : .rgba
        return ColorTransformCache.shared.transform(for: profile, samples: samples, options: options, warnings: &warnings)
    }
}
