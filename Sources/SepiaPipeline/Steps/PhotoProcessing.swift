public import SepiaImaging

/// What happens to a photo after it is downloaded: a filter and an optional aspect-fit size.
/// Two requests with equal processing of the same photo share their work.
public struct PhotoProcessing: Sendable, Hashable {
    /// The colour filter.
    public var filter: PhotoFilter
    /// The box the photo is fitted into (never enlarged), or nil to keep its size.
    public var fitting: PixelSize?
    /// The most pixels a photo may have; a larger one fails (`ImageDecodingError.tooLarge`)
    /// before its pixels are allocated.
    public var pixelLimit: Int

    /// Processing with `filter`, fitted into `fitting` when given, refusing photos over
    /// `pixelLimit` pixels.
    public init(filter: PhotoFilter = .sepia, fitting: PixelSize? = nil, pixelLimit: Int = ImageDecodingOptions.defaultPixelLimit) {
        self.filter = filter
        self.fitting = fitting
        self.pixelLimit = pixelLimit
    }

    /// Decoding options with the pixel limit, which let a JPEG decode straight to a smaller
    /// size when the photo will be shrunk anyway.
    public var decodingOptions: ImageDecodingOptions {
        ImageDecodingOptions(targetSize: fitting, pixelLimit: pixelLimit)
    }
}
