import Foundation
import SepiaImaging

/// Identifies a decoded original: requests with equal keys share their work and cache entry.
struct OriginalKey: Hashable, Sendable {
    let url: URL
    let decoding: ImageDecodingOptions
}

/// Identifies a processed photo: requests with equal keys share their work and cache entry.
struct ProcessedKey: Hashable, Sendable {
    let url: URL
    let processing: PhotoProcessing
}
