import SepiaImaging
import SepiaOperations

/// Carries a photo's metadata from the decode step of an export to its encode step, beside the
/// image the steps pass on: the filter and resize steps between them only know pixels.
///
/// The encode step runs after the decode step ended (it depends on it through the chain), so
/// the metadata is there when it is read; the lock makes the hand-over visible across threads.
public final class MetadataRelay: Sendable {
    private let metadata = Locked<OutputMetadata?>(nil)

    /// An empty relay.
    public init() {}

    /// Keeps `decoded`'s metadata for the output (see `OutputMetadata.init(keepingFrom:)`).
    func keep(from decoded: DecodedImage) {
        let kept = OutputMetadata(keepingFrom: decoded)
        metadata.withLock { $0 = kept }
    }

    /// The metadata kept, or nil when the decode step did not run or failed.
    var kept: OutputMetadata? { metadata.withLock { $0 } }
}
