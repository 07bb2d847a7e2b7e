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

/// The bytes downloads received, in total and (when asked) per URL, tallied as they arrive:
/// written from the network's threads, read for statistics. Thread-safe. (Each download's
/// progress goes to its tasks: ``PhotoTask/progress``.)
///
/// Each download is its own flight (``begin(_:)`` gives it a number), so that two downloads of
/// one URL at once (a cancelled one still waiting in its queue and the new one of a row that
/// came back) count their bytes apart. Bytes are tallied as they arrive, so a retry that starts
/// again from 0 does not erase what the failed attempt received.
final class DownloadByteTally: Sendable {
    private struct Entries: Sendable {
        var nextFlight = 0
        /// The URL of each download in flight and the bytes it reported last.
        var flights: [Int: (url: URL, received: Int)] = [:]
        /// Per URL, only when asked for: it holds every URL ever downloaded.
        var bytes: [URL: Int]?
        var totalBytes = 0
    }

    private let entries: Locked<Entries>

    /// A tally; with `countsBytesPerURL`, it also tallies the bytes received per URL.
    init(countsBytesPerURL: Bool = false) {
        entries = Locked(Entries(bytes: countsBytesPerURL ? [:] : nil))
    }

    /// Starts a download of `url`; the number names it in ``update(_:received:)`` and
    /// ``end(_:)``.
    func begin(_ url: URL) -> Int {
        entries.withLock { entries in
            defer { entries.nextFlight += 1 }
            entries.flights[entries.nextFlight] = (url, 0)
            return entries.nextFlight
        }
    }

    /// Bytes received for `url` by every download of it so far, finished, cancelled or in
    /// flight; nil when the tally does not count per URL.
    func bytesReceived(for url: URL) -> Int? {
        entries.withLock { entries in entries.bytes.map { $0[url, default: 0] } }
    }

    /// The entries kept per URL and per download (for tests).
    var entryCount: Int {
        entries.withLock { $0.flights.count + ($0.bytes?.count ?? 0) }
    }

    /// Bytes received by every download so far.
    var totalBytesReceived: Int {
        entries.withLock { $0.totalBytes }
    }

    /// Records that download `flight` has received `received` bytes so far.
    func update(_ flight: Int, received: Int) {
        entries.withLock { entries in
            guard let current = entries.flights[flight] else { return }
            // A retry counts again from 0: what the failed attempt received stays counted.
            let added = received >= current.received ? received - current.received : received
            entries.totalBytes += added
            entries.bytes?[current.url, default: 0] += added
            entries.flights[flight] = (current.url, received)
        }
    }

    /// Ends download `flight`; the bytes it received stay in the tally.
    func end(_ flight: Int) {
        _ = entries.withLock { $0.flights.removeValue(forKey: flight) }
    }
}
