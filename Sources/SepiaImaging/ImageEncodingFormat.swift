/// The format, and its settings, that `ImageEncoder` writes.
public enum ImageEncodingFormat: Sendable, Hashable {
    /// Baseline JPEG with 4:2:0 chroma subsampling; `quality` runs from 1 (smallest) to 100
    /// (best). JPEG has no alpha: it is dropped, not composited, so transparent pixels keep
    /// their stored colour.
    case jpeg(quality: Int = ImageEncodingFormat.defaultJPEGQuality)
    /// Lossless 8-bit PNG: RGB when every pixel is opaque, RGBA otherwise.
    case png

    /// The JPEG quality used by `.jpeg()`.
    public static let defaultJPEGQuality = 90

    /// The file format written.
    public var format: ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        }
    }
}
