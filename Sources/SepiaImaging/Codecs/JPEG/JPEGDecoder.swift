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
        let jpeg = try JPEGDecompression(data, options: options)
        return try withExtendedLifetime(jpeg) { try decode(jpeg, options: options) }
    }

    private static func decode(_ jpeg: JPEGDecompression, options: ImageDecodingOptions) throws -> DecodedImage {
        let decoder = jpeg.decoder
        let (width, height, denominator) = try jpeg.scale(for: options)
        // The image, a second one when it is turned or flipped, and a progressive JPEG's coefficients.
        let images = options.appliesEXIFOrientation && jpeg.orientation != .up ? 2 : 1
        try options.admit(width: width, height: height, holding: .images(images, plus: jpeg.coefficientBytes))
        var profileWarnings: [String] = []
        let transform = jpeg.colorTransform(for: options, warnings: &profileWarnings)
        if jpeg.isCMYK, transform != nil { sepia_jpeg_decoder_keep_cmyk(decoder) }
        let stored = try RGBAImage(width: width, height: height) { pixels in
            let bytesPerRow = width * RGBAImage.bytesPerPixel
            guard let base = pixels.baseAddress, let transform else {
                return try jpeg.check(sepia_jpeg_decoder_read_pixels(decoder, pixels.baseAddress, bytesPerRow, nil, nil))
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
            try jpeg.check(status)
        }
        let warnings = try jpeg.report.acceptedWarnings(format: .jpeg, policy: options.damagePolicy)
        return DecodedImage(
            image: options.appliesEXIFOrientation ? stored.applyingOrientation(jpeg.orientation) : stored,
            format: .jpeg, sourceWidth: jpeg.sourceWidth, sourceHeight: jpeg.sourceHeight,
            scaleDenominator: denominator, orientation: jpeg.orientation, sourceColorProfile: jpeg.profile,
            exif: jpeg.exif, warnings: warnings + profileWarnings
        )
    }
}
