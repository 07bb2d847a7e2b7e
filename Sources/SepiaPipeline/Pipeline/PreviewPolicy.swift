public import SepiaImaging

/// When a ``PhotoPipeline`` decodes previews of photos that are still downloading
/// (``PhotoPipelineConfiguration/previews``): progressive JPEGs and interlaced PNGs, from their
/// complete scans or passes (`ProgressivePreview`), shown to the tasks of their originals
/// (``PhotoTask/onPreview(on:_:)``) until the photo arrives.
///
/// The cost is bounded per photo: at most ``maximumCount`` decodes, one at a time, each at a
/// fraction of the photo's pixels (DCT-scaled or a coarse grid, fitted into ``box``), on the
/// filtration queue at the lowest priority, so that any decode or filter waiting there goes
/// first. A decode starts only at a scan boundary (a JPEG) and after ``minimumStep`` of the
/// body has come since the last one; none once the whole body has arrived, and one waiting or
/// running is cancelled with the download, when it ends or is cancelled.
public struct PreviewPolicy: Sendable, Hashable {
    /// The most preview decodes per download.
    public var maximumCount: Int
    /// The box previews are fitted into: the largest picture a row shows of them.
    public var box: PixelSize
    /// The share of the announced body that must arrive between two decodes (the first
    /// waits for a JPEG's first complete scan, or this share of a PNG, whose first pass is
    /// a 64th of its data).
    public var minimumStep: Double
    /// The bytes that must arrive between two decodes when the server announced no length.
    public var minimumStepBytes: Int

    /// A policy; by default 3 previews per photo, fitted into 256×192 (a row's thumbnail at
    /// twice the scale), a quarter of the body (or 64 KiB) apart.
    public init(
        maximumCount: Int = 3, box: PixelSize = PixelSize(width: 256, height: 192), minimumStep: Double = 0.25,
        minimumStepBytes: Int = 64 << 10
    ) {
        self.maximumCount = maximumCount
        self.box = box
        self.minimumStep = minimumStep
        self.minimumStepBytes = minimumStepBytes
    }

    /// The bytes that must arrive between two decodes of a body of `expected` bytes, if known.
    func step(expected: Int?) -> Int {
        guard let expected, expected > 0 else { return minimumStepBytes }
        return max(Int(Double(expected) * minimumStep), 1)
    }
}
