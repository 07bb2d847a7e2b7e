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
        func decodeRow(_ name: String, _ bytes: [UInt8], reference: @escaping ([UInt8]) -> RGBAImage?) throws -> CodecComparison {
            let same = try ImageDecoder.decode(bytes).image == reference(bytes)
            return CodecComparison(
                name: name, megapixels: megapixels, sameOutput: same,
                sepia: { _ = try? ImageDecoder.decode(bytes) }, reference: { _ = reference(bytes) })
        }
        let sepiaEncoded = try ImageEncoder.encode(photo, as: .webp(quality: 90))
        return [
            try decodeRow("WebP lossy decode", lossy, reference: decodeWebP),
            try decodeRow("WebP lossless decode", lossless, reference: decodeWebP),
            try decodeRow("GIF decode", gif, reference: decodeGIF),
            CodecComparison(
                name: "WebP encode quality 90", megapixels: megapixels, sameOutput: sepiaEncoded == encodeWebP(photo),
                sepia: { _ = try? ImageEncoder.encode(photo, as: .webp(quality: 90)) }, reference: { _ = encodeWebP(photo) }),
        ]
    }

    /// libwebp's WebPDecodeRGBAInto into a fresh buffer, as Sepia's images own their pixels.
    private static func decodeWebP(_ bytes: [UInt8]) -> RGBAImage? {
        decode(bytes, with: sepia_reference_decode_webp)
    }

    /// giflib's DGifSlurp and the first frame through its palette, into a fresh buffer.
    private static func decodeGIF(_ bytes: [UInt8]) -> RGBAImage? {
        decode(bytes, with: sepia_reference_decode_gif)
    }

    private typealias ReferenceDecoder = (
        UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
    ) -> Int32

    private static func decode(_ bytes: [UInt8], with decoder: ReferenceDecoder) -> RGBAImage? {
        bytes.withUnsafeBufferPointer { data in
            var width: Int32 = 0
            var height: Int32 = 0
            guard decoder(data.baseAddress, data.count, nil, &width, &height) == 0 else { return nil }
            var failed = false
            let image = RGBAImage(width: Int(width), height: Int(height)) { pixels in
                failed = decoder(data.baseAddress, data.count, pixels.baseAddress, &width, &height) != 0
            }
            return failed ? nil : image
        }
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
