import CSepiaCodecs

/// Encodes RGBA images as 8-bit PNG with libpng: RGB when the image is opaque (a quarter
/// smaller before compression), RGBA otherwise.
enum PNGEncoder {
    static func encode(_ image: RGBAImage) throws -> [UInt8] {
        let keepsAlpha = !image.isOpaque
        return try ShimEncoding.run(image, as: .png) { pixels, width, height, bytesPerRow, output, diagnostics in
            sepia_png_encode(pixels, width, height, bytesPerRow, keepsAlpha, output, diagnostics)
        }
    }
}
