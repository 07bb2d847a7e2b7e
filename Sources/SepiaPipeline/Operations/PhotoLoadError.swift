import Foundation
import SepiaImaging

/// Why a photo could not be loaded, filtered or saved: what its row shows after
/// "Failed to load: ".
public enum PhotoLoadError: Error, Sendable, CustomStringConvertible {
    /// The download failed.
    case download(HTTPLoadError)
    /// A local file could not be read.
    case unreadableFile(String, String)
    /// The bytes are not an image Sepia can decode, or it is damaged or too large.
    case decoding(ImageDecodingError)
    /// The manifest entry cannot be downloaded at all.
    case invalidEntry(String)
    /// The result could not be encoded or written.
    case saving(String)

    public var description: String {
        switch self {
        case .download(let error): error.description
        case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
        case .decoding(let error): error.description
        case .invalidEntry(let reason): reason
        case .saving(let reason): reason
        }
    }
}
