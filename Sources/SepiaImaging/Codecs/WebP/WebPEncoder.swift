import CSepiaCodecs

/// Encodes RGBA images as WebP with libwebp (`WebPEncode` with a `WebPConfig`: the settings
/// of the simple `WebPEncodeRGBA` API, plus exact colours for lossless), keeping alpha; EXIF
/// and ICCP chunks (libwebpmux) when `OutputMetadata` asks for them.
enum WebPEncoder {
    /// Qualities libwebp accepts.
    static let qualities = 0...100
    /// The compression effort lossless encoding uses (libwebp's own default for its quality).
    static let losslessEffort = 75

    /// Lossy WebP at `quality`.
    static func encode(_ image: RGBAImage, quality: Int, metadata: OutputMetadata?) throws -> [UInt8] {
        guard qualities.contains(quality) else { throw ImageEncodingError.invalidQuality(quality, format: .webp, accepted: qualities) }
        return try encode(image, quality: quality, lossless: false, metadata: metadata)
    }

    /// Lossless WebP.
    static func encodeLossless(_ image: RGBAImage, metadata: OutputMetadata?) throws -> [UInt8] {
        try encode(image, quality: losslessEffort, lossless: true, metadata: metadata)
    }

    private static func encode(_ image: RGBAImage, quality: Int, lossless: Bool, metadata: OutputMetadata?) throws -> [UInt8] {
        try OutputMetadata.withShimMetadata(metadata) { shimMetadata in
            try ShimEncoding.run(image, as: .webp) { pixels, width, height, bytesPerRow, output, diagnostics in
                sepia_webp_encode(pixels, width, height, bytesPerRow, Int32(quality), lossless, shimMetadata, output, diagnostics)
            }
        }
    }
}
