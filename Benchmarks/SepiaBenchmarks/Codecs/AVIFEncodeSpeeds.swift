import CSepiaCodecs
import Foundation
import SepiaImaging

/// The AVIF encoder's time and size at aom speeds 6 to 9 (Sepia uses 8), once each: encoding is
/// slow, and the choice of speed, not a comparison with C, is what these figures are for.
enum AVIFEncodeSpeeds {
    static func printFigures(_ photo: RGBAImage) {
        print("  AVIF encode (libheif + aom, quality \(ImageEncodingFormat.defaultAVIFQuality)), one run each:")
        for speed in [6, 7, 8, 9] {
            var bytes = 0
            let elapsed = ContinuousClock().measure {
                bytes = encodedSize(photo, quality: ImageEncodingFormat.defaultAVIFQuality, speed: speed)
            }
            print("    speed \(speed): \(String(format: "%.2f", elapsed.seconds)) s, \(bytes) bytes")
        }
    }

    /// The size of `photo` as AVIF at aom speed `speed`, through the shim Sepia's encoder calls
    /// (which always uses speed 8).
    private static func encodedSize(_ photo: RGBAImage, quality: Int, speed: Int) -> Int {
        var output = sepia_encoded_data()
        var diagnostics = sepia_diagnostics()
        defer { sepia_encoded_data_free(&output) }
        let status = photo.pixels.withUnsafeBufferPointer { pixels in
            sepia_heif_encode_avif(
                pixels.baseAddress, UInt32(photo.width), UInt32(photo.height), photo.bytesPerRow, Int32(quality), Int32(speed), false, nil,
                &output, &diagnostics)
        }
        precondition(status == SEPIA_STATUS_OK, "AVIF encoding failed")
        return output.length
    }
}
