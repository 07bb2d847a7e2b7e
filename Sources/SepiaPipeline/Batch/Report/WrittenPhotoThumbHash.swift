package import Foundation
import SepiaImaging

/// The ThumbHash of a photo a batch wrote, for `sepia process --thumbhash`: what a manifest
/// builder puts in a `thumbhash` field.
package enum WrittenPhotoThumbHash {
    /// The base64 ThumbHash of the photo in `file`, decoded no larger than the hash needs
    /// (a JPEG DCT-scaled toward 100×100); nil when the file cannot be read or decoded.
    package static func of(_ file: URL) -> String? {
        guard let bytes = try? Data(contentsOf: file, options: .mappedIfSafe) else { return nil }
        let options = ImageDecodingOptions(targetSize: ThumbHashEncoder.largestSize)
        guard let decoded = try? ImageDecoder.decode(bytes, options: options) else { return nil }
        return ThumbHashEncoder.encode(decoded.image).base64EncodedString()
    }
}
