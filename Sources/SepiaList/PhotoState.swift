public import SepiaPipeline

/// Where a photo's row stands: the tutorial's `PhotoRecordState`.
///
/// A row starts ``new``, becomes ``downloaded`` once its original is downloaded and decoded,
/// then ``filtered``; it can become ``failed(_:)`` at any step.
public enum PhotoState: Sendable, Equatable {
    /// Nothing has been loaded yet.
    case new
    /// The original is downloaded and decoded; it is not filtered yet.
    case downloaded
    /// The filtered photo is ready.
    case filtered
    /// The photo cannot be shown, for this reason (its description is fit for the row).
    case failed(PhotoError)

    /// Whether the row failed, whatever the reason.
    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
