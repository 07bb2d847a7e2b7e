import SepiaImaging

/// One row of `sepia-bench codecs`: the same work on the same bytes through Sepia and through
/// the codec library called straight from C.
struct CodecComparison {
    /// What is measured, as printed ("WebP lossy decode").
    let name: String
    /// Megapixels one run of either side processes.
    let megapixels: Double
    /// Whether both sides produced the same output when the row was built (same pixels for a
    /// decoder, the same bytes for an encoder): the proof that they do the same work.
    let sameOutput: Bool
    /// One run through Sepia.
    let sepia: () -> Void
    /// One run through the library from C (`CSepiaReference`).
    let reference: () -> Void
}

/// Builds the rows of one format family for a photo. Each family lives in a file of its own
/// under `Codecs/` and is listed in `CodecsBenchmark.tables`.
typealias CodecComparisonTable = (_ photo: RGBAImage) throws -> [CodecComparison]

extension CodecComparison {
    /// A decoding row: `ImageDecoder` against `reference` on the same `bytes`, at the image's
    /// own size; `sameOutput` compares their pixels.
    static func decoding(_ name: String, _ bytes: [UInt8], reference function: @escaping ReferenceDecoderFunction) throws
        -> CodecComparison
    {
        let decoded = try ImageDecoder.decode(bytes).image
        guard let reference = ReferenceDecoder(bytes, function) else { throw CodecComparisonError.referenceFailed(name) }
        return CodecComparison(
            name: name, megapixels: Double(decoded.pixelCount) / 1e6, sameOutput: decoded == reference.decode(),
            sepia: { _ = try? ImageDecoder.decode(bytes) }, reference: { _ = reference.decode() })
    }
}

/// Why a row of `sepia-bench codecs` could not be built.
enum CodecComparisonError: Error, CustomStringConvertible {
    /// The C reference could not read the row's input.
    case referenceFailed(String)

    var description: String {
        switch self {
        case .referenceFailed(let name): "\(name): the C reference could not read the input"
        }
    }
}
