import Foundation

/// A photo's output file, encoded: what ``PhotoOperations/transcode(_:as:to:keepingMetadata:)``
/// hands to the save steps.
public struct EncodedPhoto: Sendable, ContiguousBytes {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The pixels of the decoded photo (after DCT scaling, before any resize).
    public let pixelCount: Int

    /// Calls `body` with the file's bytes.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes(body)
    }
}
