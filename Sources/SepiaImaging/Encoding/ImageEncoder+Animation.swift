import CSepiaCodecs

extension ImageEncoder {
    /// Encodes every frame of `animation` as an animated WebP (`format` `.webp` or
    /// `.webpLossless`, see ``ImageEncodingFormat/holdsAnimation``) with libwebpmux's
    /// `WebPAnimEncoder`: each frame's canvas passed through `transform` first (a filter, a
    /// resize: every frame must come out the size of the first), shown for the frame's
    /// ``AnimationFrame/storedDuration``, and the animation's ``ImageAnimation/loopCount`` kept.
    /// Frames are decoded, transformed and encoded one at a time; the encoder keeps each frame's
    /// compressed bytes and a few canvases of its own (``encoderCanvases``).
    ///
    /// - Throws: `ImageEncodingError` (`.failed` for a format that holds no animation),
    ///   `ImageDecodingError` for a frame that does not decode, or what `transform` throws.
    public static func encodeAnimation(
        _ animation: ImageAnimation, as format: ImageEncodingFormat, transform: (inout RGBAImage) throws -> Void = { _ in }
    ) throws -> [UInt8] {
        try encodeFrames(as: format, loopCount: animation.loopCount) {
            guard let frame = try animation.nextFrame() else { return nil }
            var image = frame.image
            try transform(&image)
            return (image, frame.storedDuration)
        }
    }

    /// Encodes `frames` (canvases of one size, each with the milliseconds it shows) as an
    /// animated WebP played `loopCount` times (0: forever), as
    /// ``encodeAnimation(_:as:transform:)`` does; for animations drawn in code.
    ///
    /// - Throws: `ImageEncodingError`, also for no frame or frames of different sizes.
    public static func encodeAnimation(
        frames: [(image: RGBAImage, duration: Int)], loopCount: Int, as format: ImageEncodingFormat
    ) throws -> [UInt8] {
        var remaining = frames[...]
        return try encodeFrames(as: format, loopCount: loopCount) { remaining.popFirst() }
    }

    /// The WebP animation of the frames `next` gives until it gives nil.
    private static func encodeFrames(
        as format: ImageEncodingFormat, loopCount: Int, next: () throws -> (image: RGBAImage, duration: Int)?
    ) throws -> [UInt8] {
        let (quality, lossless): (Int, Bool)
        switch format {
        case .webp(let lossy):
            guard WebPEncoder.qualities.contains(lossy) else {
                throw ImageEncodingError.invalidQuality(lossy, format: .webp, accepted: WebPEncoder.qualities)
            }
            (quality, lossless) = (lossy, false)
        case .webpLossless: (quality, lossless) = (WebPEncoder.losslessEffort, true)
        default: throw ImageEncodingError.failed(format: format.format, reason: "only WebP output holds an animation")
        }
        var encoder: WebPAnimationEncoder?
        var timestamp = 0
        while let (image, duration) = try next() {
            if encoder == nil {
                encoder = try WebPAnimationEncoder(size: image.size, loopCount: loopCount, quality: quality, lossless: lossless)
            }
            try encoder?.add(image, at: timestamp)
            timestamp += duration
        }
        guard let encoder else { throw ImageEncodingError.failed(format: .webp, reason: "the animation has no frame") }
        return try encoder.finish(at: timestamp)
    }

    /// The canvases `WebPAnimEncoder` holds at most, at the output size, besides the frames it
    /// has encoded: its copy of the current canvas, the previous canvas and its disposed copy,
    /// and the sub-frame candidates it tries for each frame (libwebp's anim_encode.c).
    public static let encoderCanvases = 8
}

extension ImageEncodingFormat {
    /// Whether ``ImageEncoder/encodeAnimation(_:as:transform:)`` writes this format: WebP, lossy
    /// or lossless.
    public var holdsAnimation: Bool { format == .webp }
}

/// The shim's animated WebP encoder (`sepia_webp_animation_encoder_*`), one canvas at a time.
private final class WebPAnimationEncoder {
    private let encoder: OpaquePointer
    private let size: PixelSize

    init(size: PixelSize, loopCount: Int, quality: Int, lossless: Bool) throws {
        try ImageFormat.webp.checkEncodable(width: size.width, height: size.height)
        var diagnostics = sepia_diagnostics()
        guard
            let encoder = sepia_webp_animation_encoder_create(
                UInt32(size.width), UInt32(size.height), UInt32(clamping: loopCount), Int32(quality), lossless, &diagnostics)
        else { throw CodecReport(&diagnostics).encodingError(for: SEPIA_STATUS_LIBRARY_ERROR, format: .webp) }
        self.encoder = encoder
        self.size = size
    }

    deinit { sepia_webp_animation_encoder_destroy(encoder) }

    func add(_ image: RGBAImage, at timestamp: Int) throws {
        guard image.size == size else {
            throw ImageEncodingError.failed(format: .webp, reason: "a frame of \(image.size) in an animation of \(size)")
        }
        var diagnostics = sepia_diagnostics()
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            sepia_webp_animation_encoder_add(encoder, pixels.baseAddress, image.bytesPerRow, Int32(clamping: timestamp), &diagnostics)
        }
        if status != SEPIA_STATUS_OK { throw CodecReport(&diagnostics).encodingError(for: status, format: .webp) }
    }

    func finish(at timestamp: Int) throws -> [UInt8] {
        var output = sepia_encoded_data()
        var diagnostics = sepia_diagnostics()
        defer { sepia_encoded_data_free(&output) }
        let status = sepia_webp_animation_encoder_finish(encoder, Int32(clamping: timestamp), &output, &diagnostics)
        if status != SEPIA_STATUS_OK { throw CodecReport(&diagnostics).encodingError(for: status, format: .webp) }
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.length))
    }
}
