import CSepiaCodecs

/// Turns a JPEG into a progressive one, losslessly (`sepia_jpeg_rewrite_progressive`: its DCT
/// coefficients copied under libjpeg's standard scan script, as `jpegtran -progressive` does),
/// for the demo server's progressive photo. Markers other than the frame's are dropped.
package enum ProgressiveJPEGRewrite {
    /// The progressive JPEG with `jpeg`'s coefficients.
    ///
    /// - Throws: `ImageEncodingError` when `jpeg` does not decode.
    package static func rewrite(_ jpeg: [UInt8]) throws -> [UInt8] {
        var output = sepia_encoded_data()
        var diagnostics = sepia_diagnostics()
        defer { sepia_encoded_data_free(&output) }
        let status = jpeg.withUnsafeBytes { sepia_jpeg_rewrite_progressive($0.baseAddress, $0.count, &output, &diagnostics) }
        guard status == SEPIA_STATUS_OK else { throw CodecReport(&diagnostics).encodingError(for: status, format: .jpeg) }
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.length))
    }
}
