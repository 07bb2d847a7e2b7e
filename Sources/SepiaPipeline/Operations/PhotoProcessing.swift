import SepiaImaging

/// What happens to a photo after it is downloaded: a filter and an optional aspect-fit size.
/// Two requests with equal processing of the same photo share their work.
public struct PhotoProcessing: Sendable, Hashable {
    /// The colour filter.
    public var filter: PhotoFilter
    /// The box the photo is fitted into (never enlarged), or nil to keep its size.
    public var fitting: PixelSize?

    /// Processing with `filter`, fitted into `fitting` when given.
    public init(filter: PhotoFilter = .sepia, fitting: PixelSize? = nil) {
        self.filter = filter
        self.fitting = fitting
    }

    /// Decoding options that let a JPEG decode straight to a smaller size when the photo
    /// will be shrunk anyway.
    public var decodingOptions: ImageDecodingOptions {
        ImageDecodingOptions(targetSize: fitting)
    }
}
