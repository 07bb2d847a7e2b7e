import CSepiaCodecs

/// Every frame of an animated WebP, composited by libwebp's `WebPAnimDecoder` (through
/// `sepia_webp_animation_next`), copied into a canvas this source owns and converted to sRGB
/// from the file's ICCP profile, as the still decode converts the first frame. Holds four
/// canvases: libwebp's two, its own and the one handed out.
final class WebPFrameSource: AnimationFrameSource {
    let summary: AnimationSummary
    private let animation: OpaquePointer
    private let profile: [UInt8]?
    private let convertsToSRGB: Bool
    private var canvas: RGBAImage
    private var lastTimestamp: Int32 = 0

    /// Nil for a still WebP, which `StillFrameSource` decodes.
    init?(_ data: UnsafeRawBufferPointer, options: ImageDecodingOptions, limits: AnimationLimits) throws {
        var diagnostics = sepia_diagnostics()
        var info = sepia_webp_info()
        let status = sepia_webp_read_info(data.baseAddress, data.count, &info, &diagnostics)
        if status != SEPIA_STATUS_OK { throw CodecReport(&diagnostics).decodingError(for: status, format: .webp) }
        guard info.is_animated else { return nil }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        try options.checkPixelLimit(width: size.width, height: size.height)
        // libwebp gives no frame's size before decoding it; each is within the canvas.
        let frames = Int(info.frame_count)
        summary = try .admitted(
            .webp, canvasSize: size, frameCount: frames, framePixels: UInt64(frames) * UInt64(size.pixelCount),
            loopCount: Int(info.loop_count), holding: 4, plus: data.count, options: options, limits: limits)
        guard let animation = sepia_webp_animation_create(data.baseAddress, data.count, info.width, info.height, &diagnostics) else {
            throw CodecReport(&diagnostics).decodingError(for: SEPIA_STATUS_LIBRARY_ERROR, format: .webp)
        }
        self.animation = animation
        profile = info.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_profile_length)) }
        convertsToSRGB = options.convertsToSRGB
        canvas = RGBAImage(width: size.width, height: size.height, red: 0, green: 0, blue: 0, alpha: 0)
    }

    deinit { sepia_webp_animation_destroy(animation) }

    /// Whether the WebP is an animation of more than one frame.
    static func holdsFrames(_ data: UnsafeRawBufferPointer) -> Bool {
        var diagnostics = sepia_diagnostics()
        var info = sepia_webp_info()
        return sepia_webp_read_info(data.baseAddress, data.count, &info, &diagnostics) == SEPIA_STATUS_OK && info.is_animated
            && info.frame_count > 1
    }

    func nextFrame() throws -> (image: RGBAImage, storedDuration: Int)? {
        var diagnostics = sepia_diagnostics()
        var timestamp: Int32 = 0
        var decoded = false
        let (animation, bytesPerRow) = (animation, canvas.bytesPerRow)
        let status = canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            sepia_webp_animation_next(animation, pixels.baseAddress, bytesPerRow, &timestamp, &decoded, &diagnostics)
        }
        if status != SEPIA_STATUS_OK { throw CodecReport(&diagnostics).decodingError(for: status, format: .webp) }
        guard decoded else { return nil }
        let duration = Int(timestamp) - Int(lastTimestamp)
        lastTimestamp = timestamp
        guard convertsToSRGB, profile != nil else { return (canvas, duration) }
        var converted = DecodedImage(
            image: canvas, format: .webp, sourceWidth: canvas.width, sourceHeight: canvas.height, scaleDenominator: 1,
            orientation: .up, sourceColorProfile: profile, warnings: [])
        converted.convertToSRGB(using: .shared)
        return (converted.image, duration)
    }
}
