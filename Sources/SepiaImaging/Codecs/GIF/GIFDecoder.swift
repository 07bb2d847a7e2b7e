import CSepiaCodecs

/// Decodes the first frame of GIF data with giflib, through the C shim, composited onto the
/// logical screen as browsers show it (see `sepia_gif_decoder_read_pixels`): transparent where
/// the frame does not cover the screen or uses its transparent index. The pixel limit applies to
/// the logical screen, and to the first frame before its data is decompressed. A frame whose LZW
/// minimum code size is 9 to 11 (outside GIF89a's 2...8, but shown by browsers) is decoded too,
/// by the shim's own LZW decoder instead of giflib. GIF has no scaling on decode, no orientation
/// and no colour profile. Every frame, as an animation: `GIFFrameSource`.
enum GIFDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws -> DecodedImage {
        let (decoder, size) = try open(data)
        defer { sepia_gif_decoder_destroy(decoder) }
        try options.admit(width: size.width, height: size.height, holding: .images(1))
        let image = try RGBAImage(width: size.width, height: size.height) { pixels in
            let status = sepia_gif_decoder_read_pixels(
                decoder, pixels.baseAddress, size.width * RGBAImage.bytesPerPixel, UInt64(max(options.pixelLimit, 0)))
            if status != SEPIA_STATUS_OK {
                throw CodecReport(sepia_gif_decoder_diagnostics(decoder)).decodingError(for: status, format: .gif)
            }
        }
        return DecodedImage(
            image: image, format: .gif, sourceWidth: size.width, sourceHeight: size.height,
            scaleDenominator: 1, orientation: .up, warnings: []
        )
    }

    /// The shim's decoder over `data`, its header read, and the logical screen's size (not
    /// empty); the caller destroys the decoder.
    static func open(_ data: UnsafeRawBufferPointer) throws -> (OpaquePointer, PixelSize) {
        var status = SEPIA_STATUS_OK
        var diagnostics = sepia_diagnostics()
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard let decoder = sepia_gif_decoder_create(data.baseAddress, data.count, &width, &height, &diagnostics, &status) else {
            throw CodecReport(&diagnostics).decodingError(for: status, format: .gif)
        }
        guard width > 0, height > 0 else {
            sepia_gif_decoder_destroy(decoder)
            throw ImageDecodingError.corrupt(format: .gif, reason: "the logical screen is \(width)x\(height) pixels")
        }
        return (decoder, PixelSize(width: Int(width), height: Int(height)))
    }
}
