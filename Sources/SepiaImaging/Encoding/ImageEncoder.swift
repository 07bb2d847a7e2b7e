/// The entry point for encoding `RGBAImage`s as JPEG, PNG, WebP, AVIF or JPEG XL.
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
    ///   nothing: no EXIF, no colour profile. Every format carries it: JPEG in APP1 and APP2
    ///   segments, PNG in `eXIf` and `sRGB` chunks, WebP in EXIF and ICCP chunks, AVIF as an Exif
    ///   item and an ICC `colr` box, JPEG XL as an Exif box (its colour encoding always says
    ///   sRGB, tagged or not).
    /// - Throws: `ImageEncodingError`, for an invalid quality, a size the format cannot store,
    ///   or a failure inside libjpeg, libpng, libwebp, libheif or libjxl.
    public static func encode(_ image: RGBAImage, as format: ImageEncodingFormat, metadata: OutputMetadata? = nil) throws -> [UInt8] {
        switch format {
        case .jpeg(let quality): try JPEGEncoder.encode(image, quality: quality, metadata: metadata)
        case .png: try PNGEncoder.encode(image, metadata: metadata)
        case .webp(let quality): try WebPEncoder.encode(image, quality: quality, metadata: metadata)
        case .webpLossless: try WebPEncoder.encodeLossless(image, metadata: metadata)
        case .avif(let quality): try AVIFEncoder.encode(image, quality: quality, metadata: metadata)
        case .jxl(let quality): try JXLEncoder.encode(image, quality: quality, metadata: metadata)
        case .jxlLossless: try JXLEncoder.encodeLossless(image, metadata: metadata)
        }
    }
}
