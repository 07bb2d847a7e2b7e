/// Encodes RGBA images as baseline JPEG (4:2:0, accurate integer DCT) with libjpeg-turbo,
/// which reads the RGBA rows directly and skips alpha; EXIF (APP1) and the sRGB profile (APP2)
/// follow the JFIF header when `OutputMetadata` asks for them. Every row at once through the
/// encoder that `JPEGStreaming` feeds band by band, so both write the same bytes.
enum JPEGEncoder {
    /// Qualities libjpeg accepts.
    static let qualities = 1...100

    static func encode(_ image: RGBAImage, quality: Int, metadata: OutputMetadata?) throws -> [UInt8] {
        let encoder = try JPEGBandEncoder(width: image.width, height: image.height, quality: quality, metadata: metadata)
        try image.pixels.withUnsafeBufferPointer { pixels in
            guard let rows = pixels.baseAddress else { return }
            try encoder.write(rows, bytesPerRow: image.bytesPerRow, count: image.height)
        }
        return try encoder.finish()
    }
}
