import CSepiaCodecs

/// Decodes PNG data with libpng's classic API, through the C shim: every colour type and bit
/// depth, interlaced or not, comes out as 8-bit RGBA (see `sepia_png_decoder_read_pixels`).
/// The colour chunks are reported for `ImageDecoder` to apply (`PNGColorChunks`): the iCCP
/// profile, or the profile gAMA and cHRM describe.
enum PNGDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        guard let decoder = sepia_png_decoder_create() else { throw ImageDecodingError.outOfMemory }
        defer { sepia_png_decoder_destroy(decoder) }
        func report() -> CodecReport { CodecReport(sepia_png_decoder_diagnostics(decoder)) }
        func check(_ status: sepia_status) throws {
            if status != SEPIA_STATUS_OK { throw report().decodingError(for: status, format: .png) }
        }

        var storedWidth: UInt32 = 0
        var storedHeight: UInt32 = 0
        try check(sepia_png_decoder_read_header(decoder, data.baseAddress, data.count, &storedWidth, &storedHeight))
        let width = Int(storedWidth)
        let height = Int(storedHeight)
        try options.checkPixelLimit(width: width, height: height)

        let image = try RGBAImage(width: width, height: height) { pixels in
            try check(sepia_png_decoder_read_pixels(decoder, pixels.baseAddress, width * RGBAImage.bytesPerPixel))
        }
        var chunks = sepia_png_chunks()
        sepia_png_decoder_chunks(decoder, &chunks)
        var warnings = try report().acceptedWarnings(format: .png, policy: options.damagePolicy)
        let profile: [UInt8]?
        do throws(ColorProfileError) {
            profile = try PNGColorChunks(chunks).profile()
        } catch {
            profile = nil
            warnings.append(DecodedImage.ignoredProfileWarning(error.reason))
        }
        let exif = chunks.exif_tiff.map { Array(UnsafeBufferPointer(start: $0, count: chunks.exif_tiff_length)) }
        return DecodedImage(
            image: image, format: .png, sourceWidth: width, sourceHeight: height,
            scaleDenominator: 1, orientation: .up, sourceColorProfile: profile, exif: exif, warnings: warnings
        )
    }
}
