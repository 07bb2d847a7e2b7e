/// How much work an ``ImageAnimation`` accepts, beside the pixel limit and memory admission of
/// its canvas (``ImageDecodingOptions``): a file that asks for more fails when it is opened,
/// before any frame is decoded.
public struct AnimationLimits: Sendable, Hashable {
    /// The default ``frameLimit``: 10,000 frames, over 16 minutes at a browser's fastest
    /// 100 ms frames.
    public static let defaultFrameLimit = 10_000
    /// The default ``drawnPixelLimit``: 2 gigapixels, 8 GB of RGBA written over the animation.
    public static let defaultDrawnPixelLimit = 2_000_000_000

    /// The most frames a file may hold.
    public var frameLimit: Int
    /// The most pixels the decode may write over all its frames: the canvas once a frame, plus
    /// each frame's own rectangle (a frame larger than the canvas is decompressed whole before
    /// it is clipped).
    public var drawnPixelLimit: Int

    /// Limits of `frameLimit` frames and `drawnPixelLimit` pixels drawn.
    public init(frameLimit: Int = AnimationLimits.defaultFrameLimit, drawnPixelLimit: Int = AnimationLimits.defaultDrawnPixelLimit) {
        self.frameLimit = frameLimit
        self.drawnPixelLimit = drawnPixelLimit
    }

    /// Throws when `frameCount` frames on a canvas of `canvasPixels`, whose own rectangles add
    /// up to `framePixels`, ask for more than these limits.
    func check(format: ImageFormat, frameCount: Int, canvasPixels: Int, framePixels: UInt64) throws {
        guard frameCount <= frameLimit else {
            throw ImageDecodingError.tooManyFrames(format: format, count: frameCount, limit: frameLimit)
        }
        let (canvases, overflow) = UInt64(frameCount).multipliedReportingOverflow(by: UInt64(max(canvasPixels, 0)))
        let (drawn, overflowAgain) = canvases.addingReportingOverflow(framePixels)
        guard !overflow, !overflowAgain, drawn <= UInt64(max(drawnPixelLimit, 0)) else {
            throw ImageDecodingError.animationTooLarge(
                format: format, drawnPixels: overflow || overflowAgain ? .max : Int(clamping: drawn), limit: drawnPixelLimit)
        }
    }
}
