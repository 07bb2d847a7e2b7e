import CSepiaCodecs

/// Decodes JPEG data with libjpeg-turbo, through the C shim.
///
/// Rows are decoded in batches straight into the image's buffer (libjpeg-turbo converts to
/// RGBA itself), with libjpeg's defaults: the accurate integer IDCT (JDCT_ISLOW, SIMD in
/// libjpeg-turbo, so JDCT_IFAST would gain little and lose accuracy) and fancy upsampling.
/// The ICC profile of the APP2 segments is reported for `ImageDecoder` to apply, except for CMYK
/// and YCCK images: those are decoded as CMYK and converted here, through their profile when it
/// is a CMYK one (a profile that cannot be used is a warning), naively otherwise.
enum JPEGDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        guard let decoder = sepia_jpeg_decoder_create() else { throw ImageDecodingError.outOfMemory }
        defer { sepia_jpeg_decoder_destroy(decoder) }
        func report() -> CodecReport { CodecReport(sepia_jpeg_decoder_diagnostics(decoder)) }
        func check(_ status: sepia_status) throws {
            if status != SEPIA_STATUS_OK { throw report().decodingError(for: status, format: .jpeg) }
        }

        var header = sepia_jpeg_header()
        try check(sepia_jpeg_decoder_read_header(decoder, data.baseAddress, data.count, &header))
        let sourceWidth = Int(header.width)
        let sourceHeight = Int(header.height)
        let exif = UnsafeRawBufferPointer(start: header.exif_tiff, count: header.exif_tiff_length)
        let orientation = EXIFOrientation(exifTIFF: exif) ?? .up
        // Copied now: the saved marker lives in libjpeg's image pool, which finishing the
        // decompression frees (ImageDecoderFuzzer found the read after it under ASan).
        let exifBytes = exif.isEmpty ? nil : Array(exif)
        let profile = header.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: header.icc_profile_length)) }

        let coefficientBudget = UInt64(max(options.pixelLimit, 0)) * UInt64(RGBAImage.bytesPerPixel)
        if header.whole_image_coefficient_bytes > coefficientBudget {
            throw ImageDecodingError.tooLarge(width: sourceWidth, height: sourceHeight, limit: options.pixelLimit)
        }

        var denominator = 1
        if let target = options.targetSize {
            let storedTarget = orientation.swapsDimensions ? target.transposed : target
            denominator = JPEGDownscale.denominator(width: sourceWidth, height: sourceHeight, fitting: storedTarget)
        }
        var outputWidth: UInt32 = 0
        var outputHeight: UInt32 = 0
        try check(sepia_jpeg_decoder_set_scale(decoder, UInt32(denominator), &outputWidth, &outputHeight))
        let width = Int(outputWidth)
        let height = Int(outputHeight)
        try options.checkPixelLimit(width: width, height: height)

        var profileWarnings: [String] = []
        var cmykTransform: ColorTransform?
        if header.cmyk, options.convertsToSRGB, let profile {
            switch ColorTransformCache.shared.plan(for: profile, samples: .cmyk(inverted: header.cmyk_inverted)) {
            case .transform(let transform):
                cmykTransform = transform
                sepia_jpeg_decoder_keep_cmyk(decoder)
            case .nothing: break
            case .unusable(let reason): profileWarnings.append(DecodedImage.ignoredProfileWarning(reason))
            }
        }
        var stored = try RGBAImage(width: width, height: height) { pixels in
            try check(sepia_jpeg_decoder_read_pixels(decoder, pixels.baseAddress, width * RGBAImage.bytesPerPixel))
        }
        let warnings = try report().acceptedWarnings(format: .jpeg, policy: options.damagePolicy)
        cmykTransform?.apply(to: &stored, parallel: false)
        return DecodedImage(
            image: options.appliesEXIFOrientation ? stored.applyingOrientation(orientation) : stored,
            format: .jpeg, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
            scaleDenominator: denominator, orientation: orientation, sourceColorProfile: profile,
            exif: exifBytes, warnings: warnings + profileWarnings
        )
    }
}
