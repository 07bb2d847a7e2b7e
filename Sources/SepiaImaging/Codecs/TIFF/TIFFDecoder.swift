import CSepiaCodecs

/// Decodes the first page of TIFF data with libtiff, through the C shim, reading the bytes in
/// place (no temporary file).
///
/// Strips or tiles are decoded one at a time (any compression libtiff here has: none, LZW,
/// Deflate, PackBits, JPEG...) and converted to 8-bit RGBA (see
/// `sepia_tiff_decoder_read_pixels`): RGB and RGBA, associated alpha made straight, grey
/// (min-is-black and min-is-white), palette, and CMYK, 1- to 16-bit samples. The Orientation
/// tag is applied like a JPEG's EXIF orientation and the ICC profile tag is reported in
/// `DecodedImage.sourceColorProfile`. A CMYK image with a CMYK profile is converted here through
/// it, as a CMYK JPEG is (its ink samples rounded to 8 bits first); without one, or with alpha
/// (a warning), or with `convertsToSRGB` false, the inks are converted naively.
///
/// Layouts the shim does not convert itself (separate colour planes, CIE L*a*b*, YCbCr without
/// new-style JPEG, old-style JPEG, signed samples) go through libtiff's RGBA interface; 12-bit
/// and floating-point samples are `.unsupportedFeature` with libtiff's reason.
///
/// Every strip and tile is checked against the end of the data, and the pixel limit against the
/// tags, before the image is allocated: an IFD announcing more than the data holds is
/// `.truncated`, never a large allocation. Then `ImageDecodingOptions.memoryAdmission` is asked
/// for the decode's bytes: the RGBA image, twice when it is turned, and the shim's
/// working buffers (`sepia_tiff_header.working_bytes`). Strips over 4 MiB decoded are read a
/// row at a time, so a page stored as one huge strip costs little more than its RGBA image.
enum TIFFDecoder {
    /// Bytes per pixel libtiff's single allocations may reach: a 16-bit RGBA strip.
    private static let strileBytesPerPixel = 8
    /// libtiff's allocation cap is never set below this, so that its tag arrays fit with small
    /// pixel limits.
    private static let minimumAllocationLimit: UInt64 = 64 << 20

    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        guard let decoder = sepia_tiff_decoder_create() else { throw ImageDecodingError.outOfMemory }
        defer { sepia_tiff_decoder_destroy(decoder) }
        func report() -> CodecReport { CodecReport(sepia_tiff_decoder_diagnostics(decoder)) }
        func check(_ status: sepia_status) throws {
            if status != SEPIA_STATUS_OK { throw report().decodingError(for: status, format: .tiff) }
        }

        let allocationLimit = max(options.byteLimit(bytesPerPixel: strileBytesPerPixel), minimumAllocationLimit)
        var header = sepia_tiff_header()
        try check(sepia_tiff_decoder_read_header(decoder, data.baseAddress, data.count, allocationLimit, &header))
        let width = Int(header.width)
        let height = Int(header.height)
        // The size, then the data, then the memory: a TIFF whose strips the data does not hold
        // is refused at once, without waiting for a budget that its size would ask.
        try options.checkPixelLimit(width: width, height: height)
        try check(sepia_tiff_decoder_check_data(decoder))
        let orientation = EXIFOrientation(rawValue: Int(header.orientation)) ?? .up
        // The image, a second one when it is turned or flipped, and the shim's working buffers.
        let images = options.appliesEXIFOrientation && orientation != .up ? 2 : 1
        try options.admit(width: width, height: height, holding: .images(images, plus: header.working_bytes))
        let profile = header.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: header.icc_profile_length)) }

        var profileWarnings: [String] = []
        var cmykTransform: ColorTransform?
        if header.color_model == SEPIA_TIFF_COLOR_CMYK, options.convertsToSRGB, let profile {
            if header.has_alpha {
                profileWarnings.append(DecodedImage.ignoredProfileWarning("Sepia converts CMYK with alpha naively"))
            } else {
                cmykTransform = ColorTransformCache.shared.transform(
                    for: profile, samples: .cmyk(inverted: false), warnings: &profileWarnings)
            }
            if cmykTransform != nil, !sepia_tiff_decoder_keep_cmyk(decoder) { cmykTransform = nil }
        }
        var stored = try RGBAImage(width: width, height: height) { pixels in
            try check(sepia_tiff_decoder_read_pixels(decoder, pixels.baseAddress, width * RGBAImage.bytesPerPixel))
        }
        let warnings = try report().acceptedWarnings(format: .tiff, policy: options.damagePolicy)
        cmykTransform?.apply(to: &stored, parallel: false)
        return DecodedImage(
            image: options.appliesEXIFOrientation ? stored.applyingOrientation(orientation) : stored,
            format: .tiff, sourceWidth: width, sourceHeight: height, scaleDenominator: 1,
            orientation: orientation, sourceColorProfile: profile, warnings: warnings + profileWarnings
        )
    }
}
