import CSepiaReference
import Foundation
import SepiaImaging

/// The WebP and GIF rows: lossy and lossless WebP decode, GIF decode, lossy WebP encode at
/// quality 90, each against libwebp's simple API or giflib's `DGifSlurp` from C.
enum WebPGIFComparisons {
    static func rows(_ photo: RGBAImage) throws -> [CodecComparison] {
        let megapixels = Double(photo.pixelCount) / 1e6
        let lossy = try ImageEncoder.encode(photo, as: .webp(quality: 90))
        let lossless = try ImageEncoder.encode(photo, as: .webpLossless)
        let gif = encodedGIF(photo)
        return [
            try .decoding("WebP lossy decode", lossy, reference: sepia_reference_decode_webp),
            try .decoding("WebP lossless decode", lossless, reference: sepia_reference_decode_webp),
            try .decoding("GIF decode", gif, reference: sepia_reference_decode_gif),
            CodecComparison(
                name: "WebP encode quality 90", megapixels: megapixels, sameOutput: lossy == encodeWebP(photo),
                sepia: { _ = try? ImageEncoder.encode(photo, as: .webp(quality: 90)) }, reference: { _ = encodeWebP(photo) }),
        ]
    }

    /// libwebp's WebPEncodeRGBA at quality 90.
    private static func encodeWebP(_ photo: RGBAImage) -> [UInt8] {
        photo.pixels.withUnsafeBufferPointer { pixels in
            var output: UnsafeMutablePointer<UInt8>?
            let length = sepia_reference_encode_webp(
                pixels.baseAddress, Int32(photo.width), Int32(photo.height), Int32(photo.bytesPerRow), 90, &output)
            defer { sepia_reference_free_webp(output) }
            return Array(UnsafeBufferPointer(start: output, count: length))
        }
    }

    /// The photo as a one-frame GIF over a fixed palette (giflib's encoder, from C).
    private static func encodedGIF(_ photo: RGBAImage) -> [UInt8] {
        photo.pixels.withUnsafeBufferPointer { pixels in
            var output: UnsafeMutablePointer<UInt8>?
            let length = sepia_reference_encode_gif(pixels.baseAddress, Int32(photo.width), Int32(photo.height), &output)
            defer { free(output) }
            precondition(length > 0, "giflib could not encode the benchmark's GIF")
            return Array(UnsafeBufferPointer(start: output, count: length))
        }
    }
}
