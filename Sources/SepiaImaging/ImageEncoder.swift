/// The entry point for encoding `RGBAImage`s as JPEG or PNG.
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
    /// - Parameter metadata: what to write besides the pixels; nil (the default) writes
    ///   nothing: no EXIF, no colour profile.
    /// - Throws: `ImageEncodingError`, for an invalid JPEG quality, a size the format cannot
    ///   store, or a failure inside libjpeg or libpng.
    public static func encode(_ image: RGBAImage, as format: ImageEncodingFormat, metadata: OutputMetadata? = nil) throws -> [UInt8] {
        switch format {
        case .jpeg(let quality): try JPEGEncoder.encode(image, quality: quality, metadata: metadata)
        case .png: try PNGEncoder.encode(image, metadata: metadata)
        }
    }
}
