import CSepiaCodecs

/// Decodes JPEG XL data (a bare codestream or an ISO BMFF container) with libjxl, through the
/// C shim, reading the bytes in place: lossy (VarDCT) and lossless (modular), with or without
/// alpha, 8 to 16 bits and floating point samples, which libjxl rounds to 8 bits. An animation
/// gives its first frame.
///
/// The size is checked against the pixel limit from the codestream's header, and
/// `ImageDecodingOptions.memoryAdmission` asked for the decode's bytes, before any pixel is
/// decoded (see ``footprint(width:height:orienting:libraryBytesPerPixel:)``). The codestream's orientation (EXIF's numbering) is
/// applied like a JPEG's, unless `appliesEXIFOrientation` is false; an Exif box's own
/// orientation tag is reported in `DecodedImage.exif` but never applied: the codestream's takes
/// precedence (ISO/IEC 18181-2).
///
/// Colour: libjxl renders a lossy (XYB) image in sRGB itself, so it needs no conversion and
/// `DecodedImage.sourceColorProfile` is nil; a lossless image comes out in its own colour space,
/// whose ICC profile (embedded, or made by libjxl from the codestream's enumerated encoding,
/// such as Display P3) is reported there for `ImageDecoder` to convert from, unless it is sRGB.
///
/// libjxl 0.7 cannot decode at a reduced size (its progressive passes give the full size, less
/// detailed), so `ImageDecodingOptions.targetSize` is not used: the image is decoded at full
/// size. A file cut short is `.truncated` whatever the damage policy (libjxl has no partial
/// image to give), and a damaged one `.corrupt`, with the step libjxl failed at as reason
/// (libjxl 0.7 reports no reasons of its own).
enum JXLDecoder {
    /// What libjxl holds besides the output, in bytes per pixel of the image, by kind of image:
    /// its peak resident memory above the output buffer, decoding cjxl's photos on one thread,
    /// rounded up by a fifth or more. Lossy images with alpha need the most: libjxl decodes their
    /// alpha whole, in floats, beside the colour groups.
    static func libraryBytesPerPixel(lossy: Bool, alpha: Bool) -> UInt64 {
        switch (lossy, alpha) {
        case (true, false): 8
        case (true, true): 52
        case (false, _): 24
        }
    }

    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        guard let decoder = sepia_jxl_decoder_create() else { throw ImageDecodingError.outOfMemory }
        defer { sepia_jxl_decoder_destroy(decoder) }
        func report() -> CodecReport { CodecReport(sepia_jxl_decoder_diagnostics(decoder)) }
        func check(_ status: sepia_status) throws {
            if status != SEPIA_STATUS_OK { throw report().decodingError(for: status, format: .jxl) }
        }

        var header = sepia_jxl_header()
        try check(sepia_jxl_decoder_read_header(decoder, data.baseAddress, data.count, &header))
        let width = Int(header.width)
        let height = Int(header.height)
        let orientation = EXIFOrientation(rawValue: Int(header.orientation)) ?? .up
        let orienting = options.appliesEXIFOrientation && orientation != .up
        // The size first: the footprint's product is computed only for sides within the limit.
        try options.checkPixelLimit(width: width, height: height)
        let libraryBytesPerPixel = Self.libraryBytesPerPixel(lossy: header.is_xyb, alpha: header.has_alpha)
        try options.admit(
            width: width, height: height,
            holding: footprint(width: width, height: height, orienting: orienting, libraryBytesPerPixel: libraryBytesPerPixel))
        let profile = header.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: header.icc_profile_length)) }

        let stored = try RGBAImage(width: width, height: height) { pixels in
            try check(sepia_jxl_decoder_read_pixels(decoder, pixels.baseAddress, width * RGBAImage.bytesPerPixel))
        }
        var exifLength = 0
        let exif = sepia_jxl_decoder_exif(decoder, &exifLength).map { Array(UnsafeBufferPointer(start: $0, count: exifLength)) }
        let warnings = try report().acceptedWarnings(format: .jxl, policy: options.damagePolicy)
        return DecodedImage(
            image: orienting ? stored.applyingOrientation(orientation) : stored,
            format: .jxl, sourceWidth: width, sourceHeight: height, scaleDenominator: 1,
            orientation: orientation, sourceColorProfile: profile, exif: exif, warnings: warnings
        )
    }

    /// What a decode holds at once: the RGBA image, a second one when it is turned or flipped,
    /// and libjxl's own buffers (``libraryBytesPerPixel(lossy:alpha:)``). The sides come from a
    /// header whose size passed the pixel limit, so the product fits.
    static func footprint(width: Int, height: Int, orienting: Bool, libraryBytesPerPixel: UInt64) -> DecodeFootprint {
        let pixels = UInt64(width) * UInt64(height)
        return .images(orienting ? 2 : 1, plus: pixels * libraryBytesPerPixel)
    }
}
