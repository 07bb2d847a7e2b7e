import SepiaImaging

/// The JPEG the EXIF harness wraps its inputs in: 16×8 pixels, encoded once by Sepia's own encoder.
enum TinyJPEG {
    /// The encoded file, starting with SOI (FF D8).
    static let bytes: [UInt8] = {
        let image = RGBAImage(width: 16, height: 8, red: 180, green: 120, blue: 60)
        guard let jpeg = try? ImageEncoder.encode(image, as: .jpeg(quality: 50)) else {
            preconditionFailure("cannot encode the 16x8 JPEG")
        }
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        return jpeg
    }()
}
