/// The format, and its settings, that `ImageEncoder` writes.
public enum ImageEncodingFormat: Sendable, Hashable {
    /// Baseline JPEG with 4:2:0 chroma subsampling; `quality` runs from 1 (smallest) to 100
    /// (best). JPEG has no alpha: it is dropped, not composited, so transparent pixels keep
    /// their stored colour.
    case jpeg(quality: Int = ImageEncodingFormat.defaultJPEGQuality)
    /// Lossless 8-bit PNG: RGB when every pixel is opaque, RGBA otherwise.
    case png
    /// Lossy WebP (VP8, 4:2:0) at `quality` 0 (smallest) to 100 (best), with libwebp's default
    /// settings; an alpha channel is kept, compressed losslessly.
    case webp(quality: Int = ImageEncodingFormat.defaultWebPQuality)
    /// Lossless WebP (VP8L): every pixel comes back exactly, the colour of transparent pixels
    /// included.
    case webpLossless
    /// 8-bit 4:2:0 AVIF through libheif's AV1 encoder (aom), `quality` from 1 (smallest) to
    /// 100 (best); alpha is kept (as an auxiliary image) when any pixel is not opaque.
    case avif(quality: Int = ImageEncodingFormat.defaultAVIFQuality)
    /// Lossy JPEG XL (VarDCT) through libjxl, `quality` from 1 (smallest) to 100 (best) on
    /// `cjxl -q`'s scale, which is meant to look like JPEG's: 90 is libjxl's default, distance 1
    /// ("visually lossless"). Alpha is kept, as an 8-bit channel, when any pixel is not opaque.
    case jxl(quality: Int = ImageEncodingFormat.defaultJXLQuality)
    /// Lossless JPEG XL (modular): every pixel comes back exactly.
    case jxlLossless

    /// The JPEG quality used by `.jpeg()`.
    public static let defaultJPEGQuality = 90
    /// The AVIF quality used by `.avif()`: libheif's scale is not JPEG's, and 75 looks about
    /// like JPEG's 90 at half the size.
    public static let defaultAVIFQuality = 75

    /// The JPEG XL quality used by `.jxl()`: libjxl's own default, butteraugli distance 1.
    public static let defaultJXLQuality = 90

    /// The WebP quality used by `.webp()`.
    public static let defaultWebPQuality = 90

    /// The file format written.
    public var format: ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .webp, .webpLossless: .webp
        case .avif: .avif
        case .jxl, .jxlLossless: .jxl
        }
    }
}
