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
/// read by whoever draws it, and the bytes each URL has cost so far. Thread-safe.
final class DownloadProgressBoard: Sendable {
    private struct Entries: Sendable {
        var inFlight: [URL: DownloadProgress] = [:]
        var receivedBefore: [URL: Int] = [:]
    }

    private let entries = Locked(Entries())

    /// The progress of the download of `url`, or nil when none is in flight.
    func progress(for url: URL) -> DownloadProgress? {
        entries.withLock { $0.inFlight[url] }
    }

    /// Bytes received for `url` by every download of it so far, finished, cancelled or in flight.
    func bytesReceived(for url: URL) -> Int {
        entries.withLock { $0.receivedBefore[url, default: 0] + ($0.inFlight[url]?.received ?? 0) }
    }

    /// Records that `received` bytes of `url` (of `expected`) have arrived.
    func update(_ url: URL, received: Int, expected: Int?) {
        entries.withLock { $0.inFlight[url] = DownloadProgress(received: received, expected: expected) }
    }

    /// Ends the download of `url` in flight, keeping the bytes it received in the tally.
    func end(_ url: URL) {
        entries.withLock { entries in
            guard let ended = entries.inFlight.removeValue(forKey: url) else { return }
            entries.receivedBefore[url, default: 0] += ended.received
        }
    }
}
