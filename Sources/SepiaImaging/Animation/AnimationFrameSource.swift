/// One format's frames for ``ImageAnimation``: opened over bytes the animation owns, it checks
/// its limits and asks for its memory when it is made (``AnimationSummary/admitted(_:canvasSize:frameCount:framePixels:loopCount:holding:plus:options:limits:)``),
/// then composites one frame a call.
protocol AnimationFrameSource: AnyObject {
    /// What opening found.
    var summary: AnimationSummary { get }
    /// The next canvas and its stored duration in milliseconds, or nil after the last frame.
    func nextFrame() throws -> (image: RGBAImage, storedDuration: Int)?
}

/// What opening an animation found and asked for: what ``ImageAnimation`` reports.
struct AnimationSummary {
    let format: ImageFormat
    let canvasSize: PixelSize
    let frameCount: Int
    /// Plays, 0 for forever (``ImageAnimation/loopCount``).
    let loopCount: Int
    /// What was asked of the memory admission.
    let heldBytes: Int

    /// The summary of an animation whose frames pass `limits` (`framePixels`: the pixels of
    /// their own rectangles), once the memory admission has given `canvases` canvases and
    /// `otherBytes`; the canvas was checked against the pixel limit first.
    static func admitted(
        _ format: ImageFormat, canvasSize: PixelSize, frameCount: Int, framePixels: UInt64, loopCount: Int, holding canvases: Int,
        plus otherBytes: Int, options: ImageDecodingOptions, limits: AnimationLimits
    ) throws -> AnimationSummary {
        try limits.check(format: format, frameCount: frameCount, canvasPixels: canvasSize.pixelCount, framePixels: framePixels)
        let footprint = DecodeFootprint.images(canvases, plus: UInt64(otherBytes))
        try options.admit(width: canvasSize.width, height: canvasSize.height, holding: footprint)
        return AnimationSummary(
            format: format, canvasSize: canvasSize, frameCount: frameCount, loopCount: loopCount,
            heldBytes: footprint.bytes(width: canvasSize.width, imageBytes: canvasSize.rgbaByteCount ?? .max))
    }
}

/// A still image as an animation of one frame: `ImageDecoder.decode` at full size.
final class StillFrameSource: AnimationFrameSource {
    let summary: AnimationSummary
    private var image: RGBAImage?

    init(_ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws {
        var stillOptions = options
        stillOptions.targetSize = nil
        let admission = options.memoryAdmission.map(CountingAdmission.init)
        stillOptions.memoryAdmission = admission.map(MemoryAdmissionHook.init)
        let decoded = try ImageDecoder.decode(bytes, options: stillOptions)
        image = decoded.image
        summary = AnimationSummary(
            format: decoded.format, canvasSize: decoded.image.size, frameCount: 1, loopCount: 0, heldBytes: admission?.total ?? 0)
    }

    func nextFrame() throws -> (image: RGBAImage, storedDuration: Int)? {
        defer { image = nil }
        return image.map { ($0, 0) }
    }
}

/// Passes requests on to another admission and adds up what was asked.
private final class CountingAdmission: MemoryAdmission, @unchecked Sendable {
    // Unchecked: used by one decode on one thread, inside `StillFrameSource.init`.
    private let inner: any MemoryAdmission
    private(set) var total = 0

    init(_ inner: MemoryAdmissionHook) { self.inner = inner.admission }

    func admit(bytes: Int) throws {
        try inner.admit(bytes: bytes)
        total = total.addingReportingOverflow(bytes).overflow ? .max : total + bytes
    }
}
