import Foundation

/// A snapshot of a running batch, for progress bars.
public struct BatchProgress: Sendable, Equatable {
    /// Photos in the batch.
    public var total: Int
    /// Photos written or found already done.
    public var done = 0
    /// Photos that failed.
    public var failed = 0
    /// Photos cancelled.
    public var cancelled = 0
    /// Megapixels of the originals processed so far.
    public var megapixels = 0.0
    /// Bytes downloaded so far (cached and local originals not included).
    public var bytesDownloaded = 0

    /// A batch of `total` photos that has not started.
    public init(total: Int) {
        self.total = total
    }

    /// Photos that ended, one way or another.
    public var finished: Int { done + failed + cancelled }
}
