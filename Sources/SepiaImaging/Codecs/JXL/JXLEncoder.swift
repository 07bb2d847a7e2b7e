import CSepiaCodecs
import Foundation

/// Encodes RGBA images as JPEG XL with libjxl: lossy (VarDCT in XYB) at a JPEG-like quality, or
/// lossless (modular), always 8-bit sRGB (the codestream's enumerated colour encoding), alpha
/// kept as an 8-bit channel when any pixel is not opaque, an Exif box when `OutputMetadata`
/// carries EXIF. Package access: the benchmarks measure its efforts and distances.
package enum JXLEncoder {
    /// Qualities accepted, as for JPEG.
    static let qualities = 1...100
    /// libjxl's effort for lossy output, 1 (fastest) to 9: the lowest that keeps the adaptive
    /// quantisation holding the quality at the distance asked (3 and 4 skip it), faster than
    /// libjxl's default, 7, for output the same size within a percent (`sepia-bench jxl`).
    package static let lossyEffort = 5
    /// libjxl's effort for lossless output: as small as effort 7's output within a percent, many
    /// times faster, and smaller than effort 5's (`sepia-bench jxl`).
    package static let losslessEffort = 3

    /// The butteraugli distance libjxl aims at for a quality, as `cjxl -q` maps it: 90 is
    /// distance 1 ("visually lossless"), each point below down to 30 adds 0.09, and below 30
    /// the distance grows geometrically, up to libjxl's maximum of 25.
    package static func distance(quality: Int) -> Float {
        let distance =
            quality >= 30 ? 0.1 + Double(100 - quality) * 0.09 : 6.4 + pow(2.5, Double(30 - quality) / 5) / 6.25
        return Float(min(distance, 25))
    }

    static func encode(_ image: RGBAImage, quality: Int, metadata: OutputMetadata?) throws -> [UInt8] {
        guard qualities.contains(quality) else { throw ImageEncodingError.invalidQuality(quality, format: .jxl, accepted: qualities) }
        return try encode(image, distance: distance(quality: quality), effort: lossyEffort, metadata: metadata)
    }

    static func encodeLossless(_ image: RGBAImage, metadata: OutputMetadata?) throws -> [UInt8] {
        try encode(image, distance: 0, effort: losslessEffort, metadata: metadata)
    }

    /// Encodes at `distance`, 0 being lossless, and `effort`.
    private static func encode(_ image: RGBAImage, distance: Float, effort: Int, metadata: OutputMetadata?) throws -> [UInt8] {
        let keepAlpha = !image.isOpaque
        return try OutputMetadata.withShimMetadata(metadata) { shimMetadata in
            try ShimEncoding.run(image, as: .jxl) { pixels, width, height, bytesPerRow, output, diagnostics in
                sepia_jxl_encode(
                    pixels, width, height, bytesPerRow, distance, Int32(effort), keepAlpha, shimMetadata, output, diagnostics)
            }
        }
    }
}
