import Foundation
import SepiaOperations

/// How far one download has come.
public struct DownloadProgress: Sendable, Equatable {
    /// Bytes received so far.
    public var received: Int
    /// The size the server announced, if it did.
    public var expected: Int?

    /// Makes a progress value.
    public init(received: Int, expected: Int?) {
        self.received = received
        self.expected = expected
    }

    /// The share received, from 0 to 1, or nil when the size is unknown.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(received) / Double(expected))
    }
}

/// The progress of the downloads in flight, by URL, written from the network's threads and
/// read by whoever draws it. Thread-safe.
final class DownloadProgressBoard: Sendable {
    private let entries = Locked<[URL: DownloadProgress]>([:])

    /// The progress of the download of `url`, or nil when none is in flight.
    func progress(for url: URL) -> DownloadProgress? {
        entries.withLock { $0[url] }
    }

    /// Records that `received` bytes of `url` (of `expected`) have arrived.
    func update(_ url: URL, received: Int, expected: Int?) {
        entries.withLock { $0[url] = DownloadProgress(received: received, expected: expected) }
    }

    /// Forgets `url` once its download has ended.
    func remove(_ url: URL) {
        entries.withLock { $0[url] = nil }
    }
}
