import CSepiaCodecs

/// Encodes a JPEG from rows handed over in bands, as `JPEGEncoder` encodes a whole image:
/// the same settings and the same bytes, with only the rows in hand in memory.
///
/// Owns the shim's encoder, which is freed with it; one thread at a time.
final class JPEGBandEncoder {
    private let encoder: OpaquePointer

    /// What the encoder is handed: RGBA rows (``write(_:bytesPerRow:count:)``) or YCbCr 4:2:0
    /// planes, an iMCU row at a time (``write(_:)``), which it encodes without converting.
    enum Input {
        case rgbaRows, ycbcr420Planes
    }

    /// Starts a `width` × `height` JPEG at `quality`, with `metadata` (nil for none), taking
    /// `input`.
    ///
    /// - Throws: `ImageEncodingError` for a quality outside 1...100, a size JPEG cannot store,
    ///   or a failure inside libjpeg.
    init(width: Int, height: Int, quality: Int, metadata: OutputMetadata?, input: Input = .rgbaRows) throws {
        guard JPEGEncoder.qualities.contains(quality) else {
            throw ImageEncodingError.invalidQuality(quality, format: .jpeg, accepted: JPEGEncoder.qualities)
        }
        try ImageFormat.jpeg.checkEncodable(width: width, height: height)
        guard let encoder = sepia_jpeg_encoder_create() else { throw ImageEncodingError.outOfMemory }
        self.encoder = encoder
        let status = OutputMetadata.withShimMetadata(metadata) { shimMetadata in
            switch input {
            case .rgbaRows: sepia_jpeg_encoder_start(encoder, UInt32(width), UInt32(height), Int32(quality), shimMetadata)
            case .ycbcr420Planes: sepia_jpeg_encoder_start_planes(encoder, UInt32(width), UInt32(height), Int32(quality), shimMetadata)
            }
        }
        try check(status)
    }

    deinit { sepia_jpeg_encoder_destroy(encoder) }

    /// Encodes the next `count` rows, `bytesPerRow` apart from `rows`.
    func write(_ rows: UnsafePointer<UInt8>, bytesPerRow: Int, count: Int) throws {
        try check(sepia_jpeg_encoder_write_rows(encoder, rows, bytesPerRow, UInt32(count)))
    }

    /// Encodes the next iMCU row of planes (16 luma rows, 8 of each chroma plane).
    func write(_ planes: YCbCr420Band) throws {
        try check(
            sepia_jpeg_encoder_write_planes(
                encoder, planes.luma, planes.lumaStride, planes.blueDifference, planes.redDifference, planes.chromaStride))
    }

    /// Ends the file, after the last row, and returns its bytes.
    func finish() throws -> [UInt8] {
        var output = sepia_encoded_data()
        defer { sepia_encoded_data_free(&output) }
        try check(sepia_jpeg_encoder_finish(encoder, &output))
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.length))
    }

    private func check(_ status: sepia_status) throws {
        if status != SEPIA_STATUS_OK {
            throw CodecReport(sepia_jpeg_encoder_diagnostics(encoder)).encodingError(for: status, format: .jpeg)
        }
    }
}
