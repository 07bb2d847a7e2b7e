import CSepiaCodecs

/// Decodes JPEG data with libjpeg-turbo, through the C shim.
///
/// Rows are decoded in batches straight into the image's buffer (libjpeg-turbo converts to
/// RGBA itself), with libjpeg's defaults: the accurate integer IDCT (JDCT_ISLOW, SIMD in
/// libjpeg-turbo, so JDCT_IFAST would gain little and lose accuracy) and fancy upsampling.
/// The ICC profile of the APP2 segments is applied here, unless `ImageDecodingOptions.convertsToSRGB`
/// is false: rows are converted to sRGB as they are decoded (`OverlappedColorConversion`), on
/// another core for large photos. CMYK and YCCK images are decoded as CMYK and converted through
/// their profile when it is a CMYK one, naively otherwise. A profile that cannot be used is a
/// warning, and the pixels are taken as sRGB.
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
        var transform: ColorTransform?
        if options.convertsToSRGB, let profile {
            let samples: ColorConversionPlan.Samples = header.cmyk ? .cmyk(inverted: header.cmyk_inverted) : .rgba
            transform = ColorTransformCache.shared.transform(for: profile, samples: samples, warnings: &profileWarnings)
            if header.cmyk, transform != nil { sepia_jpeg_decoder_keep_cmyk(decoder) }
        }
        let stored = try RGBAImage(width: width, height: height) { pixels in
            let bytesPerRow = width * RGBAImage.bytesPerPixel
            guard let base = pixels.baseAddress, let transform else {
                return try check(sepia_jpeg_decoder_read_pixels(decoder, pixels.baseAddress, bytesPerRow, nil, nil))
            }
            let conversion = OverlappedColorConversion(
                transform: transform, base: base, width: width, height: height, bytesPerRow: bytesPerRow)
            let status = sepia_jpeg_decoder_read_pixels(
                decoder, base, bytesPerRow,
                { context, first, count in
                    Unmanaged<OverlappedColorConversion>.fromOpaque(context!).takeUnretainedValue()
                        .rowsDecoded(through: Int(first + count))
                }, Unmanaged.passUnretained(conversion).toOpaque())
            // Also after a failure: no other thread may write the buffer once it is freed.
            conversion.finish()
            try check(status)
        }
        let warnings = try report().acceptedWarnings(format: .jpeg, policy: options.damagePolicy)
        return DecodedImage(
            image: options.appliesEXIFOrientation ? stored.applyingOrientation(orientation) : stored,
            format: .jpeg, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
            scaleDenominator: denominator, orientation: orientation, sourceColorProfile: profile,
            exif: exifBytes, warnings: warnings + profileWarnings
        )
    }
}
