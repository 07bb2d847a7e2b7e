public import Foundation

/// The entry point for decoding images (JPEG, PNG, WebP, GIF, TIFF, BMP, AVIF, HEIC, JPEG XL) into `RGBAImage`s.
///
/// ```swift
/// let thumbnail = try ImageDecoder.decode(data, options: .init(targetSize: .init(square: 256)))
/// ```
///
/// Decoding is synchronous, CPU-bound and thread-safe: call it from as many queues as you like.
public enum ImageDecoder {
    /// Decodes `bytes` (a `[UInt8]`, `Data`, or any other contiguous bytes, read in place
    /// without copying), finding the format from its magic number. Bytes that start like one
    /// format's signature but are damaged further on (`ImageFormat.init(claimedBy:)`) go to that
    /// format's decoder, whose reason the error gives.
    ///
    /// Pixels come out in sRGB: an image carrying another colour profile is converted from it
    /// (`ImageDecodingOptions.convertsToSRGB`), with Little CMS transforms cached per profile. A
    /// profile that cannot be used is a warning in `DecodedImage.warnings`, and the pixels are
    /// taken as sRGB.
    ///
    /// - Throws: `ImageDecodingError`, for empty, unknown, too large, truncated or corrupt data.
    public static func decode<Bytes: ContiguousBytes>(
        _ bytes: Bytes, options: ImageDecodingOptions = ImageDecodingOptions()
    ) throws -> DecodedImage {
        var decoded = try decodeSamples(bytes, options: options)
        if options.convertsToSRGB && !convertsWhileDecoding.contains(decoded.format) { decoded.convertToSRGB(using: .shared) }
        return decoded
    }

    /// The formats whose decoder converts to sRGB itself, row by row while it decodes
    /// (`OverlappedColorConversion`), when `ImageDecodingOptions.convertsToSRGB` asks for it.
    private static let convertsWhileDecoding: Set<ImageFormat> = [.jpeg]

    /// The image as the format's decoder hands it out, before colour conversion.
    private static func decodeSamples<Bytes: ContiguousBytes>(_ bytes: Bytes, options: ImageDecodingOptions) throws -> DecodedImage {
        try bytes.withUnsafeBytes { buffer in
            guard !buffer.isEmpty else { throw ImageDecodingError.empty }
            switch ImageFormat.claimed(buffer) {
            case .jpeg: return try JPEGDecoder.decode(buffer, options: options)
            case .png: return try PNGDecoder.decode(buffer, options: options)
            case .webp: return try WebPDecoder.decode(buffer, options: options)
            case .gif: return try GIFDecoder.decode(buffer, options: options)
            case .bmp: return try BMPDecoder.decode(buffer, options: options)
            case .tiff: return try TIFFDecoder.decode(buffer, options: options)
            case .avif: return try HEIFDecoder.decode(buffer, format: .avif, options: options)
            case .heic: return try HEIFDecoder.decode(buffer, format: .heic, options: options)
            case .jxl: return try JXLDecoder.decode(buffer, options: options)
            case nil: throw ImageDecodingError.unsupportedFormat(UnrecognizedData.describe(buffer))
            }
        }
    }
}
