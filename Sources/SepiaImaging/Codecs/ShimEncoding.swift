import CSepiaCodecs

/// Runs one of the shim's encoders over an image and hands back its bytes.
enum ShimEncoding {
    /// The C encoder's signature, less the pieces `run` supplies.
    typealias Encoder = (
        _ pixels: UnsafePointer<UInt8>?, _ width: UInt32, _ height: UInt32, _ bytesPerRow: Int,
        _ output: UnsafeMutablePointer<sepia_encoded_data>, _ diagnostics: UnsafeMutablePointer<sepia_diagnostics>
    ) -> sepia_status

    /// Checks the size against `format`, calls `encoder`, and copies its malloc'd output into
    /// an array (freeing it), or throws the error it reported.
    static func run(_ image: RGBAImage, as format: ImageFormat, encoder: Encoder) throws -> [UInt8] {
        try format.checkEncodable(width: image.width, height: image.height)
        var output = sepia_encoded_data()
        var diagnostics = sepia_diagnostics()
        defer { sepia_encoded_data_free(&output) }
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            encoder(pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.bytesPerRow, &output, &diagnostics)
        }
        guard status == SEPIA_STATUS_OK else {
            throw CodecReport(&diagnostics).encodingError(for: status, format: format)
        }
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.length))
    }
}
