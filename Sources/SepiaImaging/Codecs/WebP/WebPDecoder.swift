import CSepiaCodecs

/// Decodes WebP data with libwebp, through the C shim: lossy (VP8) and lossless (VP8L), with
/// or without alpha, and the first frame of an animation (composited by `WebPAnimDecoder`).
///
/// The pixel limit applies to the stored canvas, whatever the output size: libwebp's lossless
/// and animation decoders hold the whole canvas in memory even when the output is scaled. With
/// `ImageDecodingOptions.targetSize`, a still image is scaled while decoding by libwebp's
/// rescaler to exactly the aspect-fit size of the stored image in the box (see
/// `WebPDownscale`), so a later `resized(toFit:)` to the same box has nothing left to do; an
/// animation comes out at its canvas size. The EXIF chunk is reported in `DecodedImage.exif` and
/// its orientation applied; the ICCP chunk is reported in `DecodedImage.sourceColorProfile`.
enum WebPDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        var diagnostics = sepia_diagnostics()
        func check(_ status: sepia_status) throws {
            if status != SEPIA_STATUS_OK { throw CodecReport(&diagnostics).decodingError(for: status, format: .webp) }
        }

        var info = sepia_webp_info()
        try check(sepia_webp_read_info(data.baseAddress, data.count, &info, &diagnostics))
        let sourceWidth = Int(info.width)
        let sourceHeight = Int(info.height)
        let orientation = EXIFOrientation(exifTIFF: UnsafeRawBufferPointer(start: info.exif_tiff, count: info.exif_tiff_length)) ?? .up
        let profile = info.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_profile_length)) }
        let exif = info.exif_tiff.map { Array(UnsafeBufferPointer(start: $0, count: info.exif_tiff_length)) }

        // A WebP canvas's sides have at most 24 bits: these products fit in an Int before the check.
        var output = PixelSize(width: sourceWidth, height: sourceHeight)
        if let target = options.targetSize, !info.is_animated {
            output = WebPDownscale.outputSize(of: output, fitting: orientation.swapsDimensions ? target.transposed : target)
        }
        // The output, twice when it is turned or flipped, and libwebp's canvases: the animation
        // decoder's two (the frame and the previous one disposed), the lossless decoder's one.
        let orienting = options.appliesEXIFOrientation && orientation != .up
        let outputBytes = UInt64(output.pixelCount * RGBAImage.bytesPerPixel * (orienting ? 2 : 1))
        try options.admit(
            width: sourceWidth, height: sourceHeight,
            holding: .images(info.is_animated ? 2 : info.is_lossless ? 1 : 0, plus: outputBytes))
        let stored = try RGBAImage(width: output.width, height: output.height) { pixels in
            try check(
                sepia_webp_decode(
                    data.baseAddress, data.count, UInt32(output.width), UInt32(output.height), pixels.baseAddress,
                    output.width * RGBAImage.bytesPerPixel, &diagnostics))
        }
        return DecodedImage(
            image: options.appliesEXIFOrientation ? stored.applyingOrientation(orientation) : stored,
            format: .webp, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
            scaleDenominator: 1, orientation: orientation, sourceColorProfile: profile, exif: exif, warnings: []
        )
    }
}
