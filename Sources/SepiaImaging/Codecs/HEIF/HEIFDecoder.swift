import CSepiaCodecs

/// Decodes the primary image of AVIF and HEIC data with libheif, through the C shim, reading
/// the bytes in place. Debian's libheif decodes AV1 with dav1d and HEVC with libde265.
///
/// The coded size (`ispe`) is checked against the pixel limit before anything is decoded, and
/// libheif's own limit on each side is set from it, never looser than libheif's default (sides
/// of at most 32,767 pixels): libheif refuses a longer side itself (`.unsupportedFeature`, with
/// its message). libheif applies the image's transformations (clean
/// aperture, `irot` rotation, `imir` mirroring) while decoding, so the pixels are always upright
/// and `DecodedImage.orientation` is `.up`, whatever `appliesEXIFOrientation` says; the source
/// size reported is the transformed one, which the pixels have (the coded `ispe` size may be
/// turned or larger, and is checked against the pixel limit too). 10- and
/// 12-bit images are scaled to 8 bits; alpha comes from the auxiliary image. An ICC profile in
/// the `colr` box is reported in `DecodedImage.sourceColorProfile`; without one, an nclx `colr`
/// box whose primaries or transfer are not sRGB's is reported as the profile they make
/// (`NCLXColor`; libheif has used its YCbCr matrix), and HDR transfers (PQ, HLG) or code points
/// Sepia does not know leave the pixels as coded, with a warning. The first Exif item
/// is reported in `DecodedImage.exif`; its orientation tag is not applied (`irot` and `imir`
/// are). HEIF has no downscale-on-decode: the image is decoded at full size.
enum HEIFDecoder {
    /// libheif's default limit on each side (libheif 1.15, `heif_limits.h`): it refuses an image
    /// with a side of this many pixels or more.
    private static let libheifSideLimit = 32_768

    static func decode(_ data: UnsafeRawBufferPointer, format: ImageFormat, options: ImageDecodingOptions) throws -> DecodedImage {
        guard let decoder = sepia_heif_decoder_create() else { throw ImageDecodingError.outOfMemory }
        defer { sepia_heif_decoder_destroy(decoder) }
        func report() -> CodecReport { CodecReport(sepia_heif_decoder_diagnostics(decoder)) }
        func check(_ status: sepia_status) throws {
            if status != SEPIA_STATUS_OK { throw report().decodingError(for: status, format: format) }
        }

        var header = sepia_heif_header()
        // libheif refuses sides of `maximumSide` or more: never looser than its default, and no
        // side longer than the pixel limit allows an image one pixel high.
        let maximumSide = Int32(min(max(options.pixelLimit, 0), libheifSideLimit - 1) + 1)
        try check(sepia_heif_decoder_read_header(decoder, data.baseAddress, data.count, maximumSide, &header))
        // libheif decodes the coded planes (at most four samples a pixel: luma, two chroma and
        // alpha, of two bytes above 8 bits), converts them to its own RGBA image, which the shim
        // copies into ours.
        let codedPlanes = header.luma_bits > 8 ? 2 : 1
        try options.admit(width: Int(header.stored_width), height: Int(header.stored_height), holding: .images(codedPlanes))
        let width = Int(header.width)
        let height = Int(header.height)
        try options.admit(width: width, height: height, holding: .images(2))
        var profile = header.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: header.icc_profile_length)) }
        var colorWarnings: [String] = []
        if profile == nil, header.has_nclx {
            let nclx = NCLXColor(primaries: Int(header.nclx_color_primaries), transfer: Int(header.nclx_transfer_characteristics))
            switch nclx.conversion {
            case .none: break
            case .profile(let made): profile = made
            case .unconverted(let reason): if options.convertsToSRGB { colorWarnings.append(NCLXColor.unconvertedWarning(reason)) }
            }
        }
        let exif = header.exif_tiff.map { Array(UnsafeBufferPointer(start: $0, count: header.exif_tiff_length)) }

        let image = try RGBAImage(width: width, height: height) { pixels in
            try check(sepia_heif_decoder_read_pixels(decoder, pixels.baseAddress, width * RGBAImage.bytesPerPixel))
        }
        let warnings = try report().acceptedWarnings(format: format, policy: options.damagePolicy)
        return DecodedImage(
            image: image, format: format, sourceWidth: width, sourceHeight: height,
            scaleDenominator: 1, orientation: .up, sourceColorProfile: profile, exif: exif, warnings: warnings + colorWarnings
        )
    }
}
