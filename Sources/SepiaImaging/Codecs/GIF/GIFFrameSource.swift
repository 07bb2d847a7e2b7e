import CSepiaCodecs

/// Every frame of a GIF, composited by the C shim (`sepia_gif_decoder_next_frame`) onto one
/// canvas that this source owns. The blocks are walked first (`sepia_gif_scan`) to count the
/// frames and find the loop count without decompressing anything. Holds three canvases: its own,
/// the one handed out, and the shim's copy for frames disposed of by "restore to previous".
final class GIFFrameSource: AnimationFrameSource {
    let summary: AnimationSummary
    private let decoder: OpaquePointer
    private let pixelLimit: Int
    private var canvas: RGBAImage

    init(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions, limits: AnimationLimits) throws {
        let (decoder, size) = try GIFDecoder.open(data)
        self.decoder = decoder
        do {
            try options.checkPixelLimit(width: size.width, height: size.height)
            var scan = sepia_gif_summary()
            sepia_gif_scan(data.baseAddress, data.count, UInt32(clamping: max(limits.frameLimit, 0)), &scan)
            // gif2webp's rule (libwebp, examples/gif2webp.c): N repetitions are N + 1 plays.
            let plays =
                switch scan.loop_count {
                case ..<0: 1
                case 0: 0
                default: Int(scan.loop_count) + 1
                }
            // A file that ends before its first frame has none to count: decoding says why.
            summary = try .admitted(
                .gif, canvasSize: size, frameCount: max(Int(scan.frame_count), 1), framePixels: scan.frame_pixels, loopCount: plays,
                holding: 3, plus: data.count, options: options, limits: limits)
            pixelLimit = options.pixelLimit
            canvas = RGBAImage(width: size.width, height: size.height, red: 0, green: 0, blue: 0, alpha: 0)
        } catch {
            sepia_gif_decoder_destroy(decoder)
            throw error
        }
    }

    deinit { sepia_gif_decoder_destroy(decoder) }

    /// Whether the GIF's blocks hold more than one image.
    static func holdsFrames(_ data: UnsafeRawBufferPointer) -> Bool {
        var summary = sepia_gif_summary()
        sepia_gif_scan(data.baseAddress, data.count, 1, &summary)
        return summary.frame_count > 1
    }

    func nextFrame() throws -> (image: RGBAImage, storedDuration: Int)? {
        var frame = sepia_gif_frame()
        let (decoder, bytesPerRow, pixelLimit) = (decoder, canvas.bytesPerRow, UInt64(max(pixelLimit, 0)))
        let status = canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            sepia_gif_decoder_next_frame(decoder, pixels.baseAddress, bytesPerRow, pixelLimit, &frame)
        }
        if status != SEPIA_STATUS_OK {
            throw CodecReport(sepia_gif_decoder_diagnostics(decoder)).decodingError(for: status, format: .gif)
        }
        return frame.decoded ? (canvas, Int(frame.delay_centiseconds) * 10) : nil
    }
}
