/// The entry point for encoding `RGBAImage`s as JPEG, PNG, WebP or AVIF.
///
/// ```swift
/// let bytes = try ImageEncoder.encode(image, as: .jpeg(quality: 85))
/// ```
///
/// Encoding is synchronous, CPU-bound and thread-safe.
public enum ImageEncoder {
    /// The file bytes of `image` in `format`. Rows with padding (`bytesPerRow > width * 4`) are
    /// read in place.
    ///
    /// - Throws: `ImageEncodingError`, for an invalid quality, a size the format cannot store,
    ///   or a failure inside libjpeg, libpng, libwebp or libheif.
    public static func encode(_ image: RGBAImage, as format: ImageEncodingFormat) throws -> [UInt8] {
        switch format {
        case .jpeg(let quality): try JPEGEncoder.encode(image, quality: quality)
        case .png: try PNGEncoder.encode(image)
        case .webp(let quality): try WebPEncoder.encode(image, quality: quality)
        case .webpLossless: try WebPEncoder.encodeLossless(image)
        case .avif(let quality): try AVIFEncoder.encode(image, quality: quality)
        }
    }
}
