import CSepiaCodecs
import Foundation
import SepiaImaging

/// The JPEG XL encoder's time and size at libjxl efforts 3 to 7 (Sepia uses 5 lossy and 3
/// lossless; libjxl's default is 7), lossy at the default quality and lossless, once each: the
/// choice of effort is what these figures are for.
enum JXLEncodeEfforts {
    static func printFigures(_ photo: RGBAImage) {
        let quality = ImageEncodingFormat.defaultJXLQuality
        print("  JPEG XL encode (libjxl, \(photo.width)x\(photo.height), 1 thread), one run each:")
        for effort in [3, 4, 5, 6, 7] {
            let lossy = measure(photo, distance: JXLEncoder.distance(quality: quality), effort: effort)
            let lossless = measure(photo, distance: 0, effort: effort)
            print(
                String(
                    format: "    effort %d: quality %d %.2f s, %d bytes; lossless %.2f s, %d bytes", effort, quality, lossy.seconds,
                    lossy.bytes, lossless.seconds, lossless.bytes))
        }
    }

    /// The time and size of `photo` at `distance` and `effort`, through the shim Sepia's encoder
    /// calls (which always uses `JXLEncoder.lossyEffort` or `losslessEffort`).
    private static func measure(_ photo: RGBAImage, distance: Float, effort: Int) -> (seconds: Double, bytes: Int) {
        var output = sepia_encoded_data()
        var diagnostics = sepia_diagnostics()
        defer { sepia_encoded_data_free(&output) }
        var status = SEPIA_STATUS_OK
        let elapsed = ContinuousClock().measure {
            status = photo.pixels.withUnsafeBufferPointer { pixels in
                sepia_jxl_encode(
                    pixels.baseAddress, UInt32(photo.width), UInt32(photo.height), photo.bytesPerRow, distance, Int32(effort), false, nil,
                    &output, &diagnostics)
            }
        }
        precondition(status == SEPIA_STATUS_OK, "JPEG XL encoding failed")
        return (elapsed.seconds, output.length)
    }
}
