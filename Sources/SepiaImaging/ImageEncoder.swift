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
    /// - Parameter metadata: what to write besides the pixels; nil (the default) writes
    ///   nothing: no EXIF, no colour profile. Only JPEG and PNG carry it so far: WebP and AVIF
    ///   output refuse it (``ImageEncodingError/metadataUnsupported(format:)``) rather than drop it.
    /// - Throws: `ImageEncodingError`, for an invalid quality, a size the format cannot store,
    ///   metadata the format cannot carry yet, or a failure inside libjpeg, libpng, libwebp or
    ///   libheif.
    public static func encode(_ image: RGBAImage, as format: ImageEncodingFormat, metadata: OutputMetadata? = nil) throws -> [UInt8] {
        switch format {
        case .jpeg(let quality): try JPEGEncoder.encode(image, quality: quality, metadata: metadata)
        case .png: try PNGEncoder.encode(image, metadata: metadata)
        case .webp(let quality): try withoutMetadata(metadata, format: .webp) { try WebPEncoder.encode(image, quality: quality) }
        case .webpLossless: try withoutMetadata(metadata, format: .webp) { try WebPEncoder.encodeLossless(image) }
        case .avif(let quality): try withoutMetadata(metadata, format: .avif) { try AVIFEncoder.encode(image, quality: quality) }
        }
    }

    /// Runs `encode` when there is no metadata to write; throws when there is, since `format`
    /// cannot carry it yet.
    private static func withoutMetadata(
        _ metadata: OutputMetadata?, format: ImageFormat, _ encode: () throws -> [UInt8]
    ) throws -> [UInt8] {
        guard metadata == nil else { throw ImageEncodingError.metadataUnsupported(format: format) }
        return try encode()
    }
}
