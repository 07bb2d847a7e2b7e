/// Decodes PNG data with libpng's classic API, through the C shim (`PNGReader`): every colour
/// type and bit depth, interlaced or not, comes out as 8-bit RGBA (see
/// `sepia_png_decoder_read_pixels`). The colour chunks are reported for `ImageDecoder` to apply
/// (`PNGColorChunks`): the iCCP profile, or the profile gAMA and cHRM describe.
enum PNGDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        let reader = try PNGReader(data)
        let (width, height) = (reader.size.width, reader.size.height)
        try options.admit(width: width, height: height, holding: .images(1))
        let image = try RGBAImage(width: width, height: height) { pixels in try reader.readPixels(into: pixels) }
        var warnings = try reader.acceptedWarnings(policy: options.damagePolicy)
        let profile = reader.colorProfile(warnings: &warnings)
        return DecodedImage(
            image: image, format: .png, sourceWidth: width, sourceHeight: height,
            scaleDenominator: 1, orientation: .up, sourceColorProfile: profile, exif: reader.exif, warnings: warnings
        )
    }
}
