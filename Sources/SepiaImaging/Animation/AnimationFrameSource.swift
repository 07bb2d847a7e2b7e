/// One format's frames for ``ImageAnimation``: opened over bytes the animation owns, it checks
/// its limits and asks for its memory when it is made, then composites one frame a call.
protocol AnimationFrameSource: AnyObject {
    var format: ImageFormat { get }
    var canvasSize: PixelSize { get }
    var frameCount: Int { get }
    /// Plays, 0 for forever (``ImageAnimation/loopCount``).
    var loopCount: Int { get }
    /// What the source asked the memory admission for.
    var heldBytes: Int { get }
    /// The next canvas and its stored duration in milliseconds, or nil after the last frame.
    func nextFrame() throws -> (image: RGBAImage, storedDuration: Int)?
}

extension AnimationFrameSource {
    /// Checks the canvas against the pixel limit and asks the memory admission for `canvases`
    /// canvases and `otherBytes`; returns the bytes asked for.
    static func admitCanvases(
        _ canvases: Int, plus otherBytes: Int, of size: PixelSize, options: ImageDecodingOptions
    ) throws -> Int {
        let footprint = DecodeFootprint.images(canvases, plus: UInt64(otherBytes))
        try options.admit(width: size.width, height: size.height, holding: footprint)
        return footprint.bytes(width: size.width, imageBytes: size.rgbaByteCount ?? .max)
    }
}

/// A still image as an animation of one frame: `ImageDecoder.decode` at full size.
final class StillFrameSource: AnimationFrameSource {
    let format: ImageFormat
    let canvasSize: PixelSize
    let frameCount = 1
    let loopCount = 0
    let heldBytes: Int
    private var image: RGBAImage?

    init(_ bytes: UnsafeRawBufferPointer, options: ImageDecodingOptions) throws {
        var stillOptions = options
        stillOptions.targetSize = nil
        let admission = options.memoryAdmission.map(CountingAdmission.init)
        stillOptions.memoryAdmission = admission.map(MemoryAdmissionHook.init)
        let decoded = try ImageDecoder.decode(bytes, options: stillOptions)
        format = decoded.format
        image = decoded.image
        canvasSize = decoded.image.size
        heldBytes = admission?.total ?? 0
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
