import CSepiaCodecs

/// Decodes the first frame of GIF data with giflib, through the C shim, composited onto the
/// logical screen as browsers show it (see `sepia_gif_decoder_read_pixels`): transparent where
/// the frame does not cover the screen or uses its transparent index. The pixel limit applies to
/// the logical screen, and to the first frame before its data is decompressed. A frame whose LZW
/// minimum code size is 9 to 11 (outside GIF89a's 2...8, but shown by browsers) is decoded too,
/// by the shim's own LZW decoder instead of giflib. GIF has no scaling on decode, no orientation
/// and no colour profile.
enum GIFDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        var openStatus = SEPIA_STATUS_OK
        var openDiagnostics = sepia_diagnostics()
        var storedWidth: UInt32 = 0
        var storedHeight: UInt32 = 0
        guard
            let decoder = sepia_gif_decoder_create(
                data.baseAddress, data.count, &storedWidth, &storedHeight, &openDiagnostics, &openStatus)
        else { throw CodecReport(&openDiagnostics).decodingError(for: openStatus, format: .gif) }
        defer { sepia_gif_decoder_destroy(decoder) }

        let width = Int(storedWidth)
        let height = Int(storedHeight)
        guard width > 0, height > 0 else {
            throw ImageDecodingError.corrupt(format: .gif, reason: "the logical screen is \(width)x\(height) pixels")
        }
        try options.admit(width: width, height: height, holding: .images(1))
        let image = try RGBAImage(width: width, height: height) { pixels in
            let status = sepia_gif_decoder_read_pixels(
                decoder, pixels.baseAddress, width * RGBAImage.bytesPerPixel, UInt64(max(options.pixelLimit, 0)))
            if status != SEPIA_STATUS_OK {
                throw CodecReport(sepia_gif_decoder_diagnostics(decoder)).decodingError(for: status, format: .gif)
            }
        }
        return DecodedImage(
            image: image, format: .gif, sourceWidth: width, sourceHeight: height,
            scaleDenominator: 1, orientation: .up, warnings: []
        )
    }
}
