public import Foundation

/// The frames of an animated GIF, WebP or APNG, decoded one at a time as full canvases, with
/// memory that does not grow with the frame count.
///
/// ```swift
/// let animation = try ImageAnimation(data)
/// while let frame = try animation.nextFrame() { show(frame.image, for: frame.duration) }
/// ```
///
/// Opening reads the container and counts the frames without decompressing any, checks the
/// canvas against ``ImageDecodingOptions/pixelLimit``, the frames against ``AnimationLimits``, and
/// asks ``ImageDecodingOptions/memoryAdmission`` once for everything the decode will hold:
/// ``heldBytes``. Each ``nextFrame()`` decodes one frame onto the canvas, disposing of the one
/// before and blending as the format says (GIF89a §23; the WebP container's ANMF; APNG's `fcTL`),
/// and hands out the canvas. Only the canvas, a copy of it for disposal where the format needs
/// one, the codec's own canvases and the frame handed out are held; a frame the caller keeps
/// while asking for the next costs one more canvas, which ``heldBytes`` counts.
///
/// Any other image, and a GIF, WebP or PNG that is not animated, is one frame: the still image
/// `ImageDecoder.decode` gives, at full size. Options' `targetSize` is not applied to frames.
///
/// An animation is decoded on one thread at a time: it is not `Sendable`.
public final class ImageAnimation {
    /// The format found from the data's magic number.
    public let format: ImageFormat
    /// The canvas every frame is drawn on: a GIF's logical screen, a WebP's or APNG's canvas.
    public let canvasSize: PixelSize
    /// How many frames the file holds (1 for a still image).
    public let frameCount: Int
    /// How many times the animation plays, 0 for forever (WebP's and APNG's convention). A GIF's
    /// NETSCAPE2.0 loop count N means N repetitions after the first play, N + 1 plays, as
    /// browsers play it (libwebp's gif2webp converts it so); a GIF without one plays once.
    public let loopCount: Int
    /// The bytes the decode holds at most, asked of the memory admission when it was opened:
    /// a few canvases, and a copy of the file's bytes.
    public let heldBytes: Int

    /// Whether the file holds more than one frame.
    public var isAnimated: Bool { frameCount > 1 }

    private let bytes: UnsafeMutableRawBufferPointer
    private let source: any AnimationFrameSource
    private var nextIndex = 0

    /// Opens `data` (copied: the animation keeps its own bytes while it decodes).
    ///
    /// - Throws: `ImageDecodingError` for data no decoder takes, a canvas over the pixel limit,
    ///   an animation over `limits`; or what the memory admission throws.
    public init(
        _ data: some ContiguousBytes, options: ImageDecodingOptions = ImageDecodingOptions(), limits: AnimationLimits = AnimationLimits()
    )
        throws
    {
        let owned = data.withUnsafeBytes { source in
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
            if let base = source.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: source.count) }
            return UnsafeMutableRawBufferPointer(rebasing: copy[0..<source.count])
        }
        bytes = owned
        do {
            let input = UnsafeRawBufferPointer(owned)
            guard !input.isEmpty else { throw ImageDecodingError.empty }
            let opened = try Self.open(input, options: options, limits: limits)
            source = opened
            (format, canvasSize, frameCount) = (opened.summary.format, opened.summary.canvasSize, opened.summary.frameCount)
            (loopCount, heldBytes) = (opened.summary.loopCount, opened.summary.heldBytes)
        } catch {
            owned.deallocate()
            throw error
        }
    }

    deinit { bytes.deallocate() }

    /// The next frame, or nil after the last one.
    ///
    /// - Throws: `ImageDecodingError` for a frame whose data is damaged or cut short; the frames
    ///   before it were handed out.
    public func nextFrame() throws -> AnimationFrame? {
        guard nextIndex < frameCount, let next = try source.nextFrame() else { return nil }
        defer { nextIndex += 1 }
        return AnimationFrame(index: nextIndex, image: next.image, storedDuration: next.storedDuration)
    }

    /// Whether `data` is a GIF, WebP or PNG (APNG) of more than one frame, by its container
    /// alone: nothing is decoded, no memory asked for. Damaged data answers false.
    public static func isAnimated(_ data: some ContiguousBytes) -> Bool {
        data.withUnsafeBytes { bytes in
            switch ImageFormat.claimed(bytes) {
            case .gif: GIFFrameSource.holdsFrames(bytes)
            case .webp: WebPFrameSource.holdsFrames(bytes)
            case .png: APNGFrameSource.holdsFrames(bytes)
            default: false
            }
        }
    }

    /// The frame source for `bytes`'s format, limits checked and memory admitted.
    private static func open(_ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions, limits: AnimationLimits) throws
        -> any AnimationFrameSource
    {
        switch ImageFormat.claimed(bytes) {
        case .gif: return try GIFFrameSource(bytes, options: options, limits: limits)
        case .webp: if let source = try WebPFrameSource(bytes, options: options, limits: limits) { return source }
        case .png: if let source = try APNGFrameSource(bytes, options: options, limits: limits) { return source }
        default: break
        }
        return try StillFrameSource(bytes, options: options)
    }
}
