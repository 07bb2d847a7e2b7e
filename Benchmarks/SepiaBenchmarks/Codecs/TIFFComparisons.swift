import CSepiaReference
import Foundation
import SepiaImaging

/// The TIFF rows: uncompressed, LZW and Deflate (horizontal predictor) 8-bit RGB strips of 16
/// rows, as libtiff writes them, each against libtiff's `TIFFReadEncodedStrip` and a tight
/// RGB-to-RGBA loop from C.
enum TIFFComparisons {
    static func rows(_ photo: RGBAImage) throws -> [CodecComparison] {
        try [("uncompressed", 1), ("LZW", 5), ("Deflate", 8)].map { label, compression in
            try .decoding(
                "TIFF \(label) decode", tiff(photo, compression: Int32(compression)),
                reference: sepia_reference_decode_tiff_strips)
        }
    }

    /// `photo` as a striped TIFF (`compression` is libtiff's number), through a temporary file.
    private static func tiff(_ photo: RGBAImage, compression: Int32) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-bench-\(UUID().uuidString).tif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = photo.pixels.withUnsafeBufferPointer { pixels in
            sepia_reference_write_tiff(path, pixels.baseAddress, Int32(photo.width), Int32(photo.height), compression)
        }
        precondition(status == 0, "libtiff could not write the benchmark's TIFF")
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
