import CSepiaCodecs

/// Encodes RGBA images as 8-bit 4:2:0 AVIF with libheif's AV1 encoder (aom in Debian's
/// libheif), at aom speed `speed`; an Exif item and an ICC `colr` box when `OutputMetadata`
/// asks for them.
enum AVIFEncoder {
    /// Qualities accepted, as for JPEG.
    static let qualities = 1...100
    /// aom's cpu-used setting: 0 is slowest and best, 9 fastest. libheif's default, 5, takes
    /// seconds per photo on this project's machines; 8 is several times faster for a few
    /// percent more bytes at the same quality, which suits batches.
    static let speed = 8

    static func encode(_ image: RGBAImage, quality: Int, metadata: OutputMetadata?) throws -> [UInt8] {
        guard qualities.contains(quality) else { throw ImageEncodingError.invalidQuality(quality, format: .avif, accepted: qualities) }
        let keepAlpha = !image.isOpaque
        return try OutputMetadata.withShimMetadata(metadata) { shimMetadata in
            try ShimEncoding.run(image, as: .avif) { pixels, width, height, bytesPerRow, output, diagnostics in
                sepia_heif_encode_avif(
                    pixels, width, height, bytesPerRow, Int32(quality), Int32(speed), keepAlpha, shimMetadata, output, diagnostics)
            }
        }
    }
}
