import CSepiaCodecs

/// Encodes RGBA images as 8-bit PNG with libpng: RGB when the image is opaque (a quarter
/// smaller before compression), RGBA otherwise; eXIf and sRGB chunks when `OutputMetadata`
/// asks for them.
enum PNGEncoder {
    static func encode(_ image: RGBAImage, metadata: OutputMetadata?) throws -> [UInt8] {
        let keepsAlpha = !image.isOpaque
        let exif = metadata?.uprightEXIF ?? []
        return try exif.withUnsafeBufferPointer { exif in
            var shimMetadata = sepia_png_metadata(
                exif_tiff: exif.isEmpty ? nil : exif.baseAddress, exif_tiff_length: exif.count, srgb: metadata?.tagsSRGB == true)
            return try ShimEncoding.run(image, as: .png) { pixels, width, height, bytesPerRow, output, diagnostics in
                sepia_png_encode(pixels, width, height, bytesPerRow, keepsAlpha, &shimMetadata, output, diagnostics)
            }
        }
    }
}
