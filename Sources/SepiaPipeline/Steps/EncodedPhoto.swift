/// A photo's output file, encoded: what ``PhotoOperations/transcode(_:as:to:keepingMetadata:keepingAnimation:memoryBudget:)``
/// hands to the save steps.
public struct EncodedPhoto: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The pixels of the decoded photo (after DCT scaling, before any resize).
    public let pixelCount: Int
}
