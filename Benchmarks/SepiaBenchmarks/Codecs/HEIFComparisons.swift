import CSepiaReference
import Foundation
import SepiaImaging

/// The HEIF rows: the photo encoded by Sepia's AVIF encoder, and a HEIC file when one is given
/// (nothing here writes HEVC), each decoded against libheif's `heif_decode_image` from C.
enum HEIFComparisons {
    static func rows(_ photo: RGBAImage, heic: String?) throws -> [CodecComparison] {
        var rows = [
            try CodecComparison.decoding("AVIF decode", ImageEncoder.encode(photo, as: .avif()), reference: sepia_reference_decode_heif)
        ]
        if let heic {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: heic)))
            rows.append(
                try .decoding(
                    "HEIC decode (\(URL(fileURLWithPath: heic).lastPathComponent))", bytes, reference: sepia_reference_decode_heif))
        }
        return rows
    }
}
