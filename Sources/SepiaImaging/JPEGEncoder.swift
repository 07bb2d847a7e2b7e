import CSepiaCodecs

/// Encodes RGBA images as baseline JPEG (4:2:0, accurate integer DCT) with libjpeg-turbo,
/// which reads the RGBA rows directly and skips alpha; EXIF (APP1) and the sRGB profile (APP2)
/// follow the JFIF header when `OutputMetadata` asks for them.
enum JPEGEncoder {
    /// Qualities libjpeg accepts.
    static let qualities = 1...100

    static func encode(_ image: RGBAImage, quality: Int, metadata: OutputMetadata?) throws -> [UInt8] {
        guard qualities.contains(quality) else { throw ImageEncodingError.invalidQuality(quality, format: .jpeg, accepted: qualities) }
        return try OutputMetadata.withShimMetadata(metadata) { shimMetadata in
            try ShimEncoding.run(image, as: .jpeg) { pixels, width, height, bytesPerRow, output, diagnostics in
                sepia_jpeg_encode(pixels, width, height, bytesPerRow, Int32(quality), shimMetadata, output, diagnostics)
            }
        }
    }
}
