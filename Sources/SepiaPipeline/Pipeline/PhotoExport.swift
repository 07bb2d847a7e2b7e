public import Foundation

/// What exporting a photo did: each file written or why not, and the work it took.
public struct PhotoExport: Sendable {
    /// Each requested file, in the order asked: written, or the reason it was not.
    public let files: [Result<URL, PhotoError>]
    /// Bytes that came over the network (0 for a disk-cache hit or a local file).
    public let bytesDownloaded: Int
    /// Pixels of the decoded original (0 when it did not decode).
    public let pixelCount: Int
}
