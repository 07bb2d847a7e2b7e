import Foundation
import SepiaImaging

/// Identifies a decoded original: tasks with equal keys share their work and cache entry.
struct OriginalKey: Hashable, Sendable {
    let url: URL
    let decoding: ImageDecodingOptions
}

/// Identifies a processed photo by what made it, the original and the processing: tasks with
/// equal keys share their work and cache entry.
struct ProcessedKey: Hashable, Sendable {
    let original: OriginalKey
    let processing: PhotoProcessing

    init(_ request: PhotoRequest) {
        original = OriginalKey(url: request.url, decoding: request.processing.decodingOptions)
        processing = request.processing
    }
}
