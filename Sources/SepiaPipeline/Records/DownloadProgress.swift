import Foundation
import SepiaOperations
import Synchronization

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

/// The progress of the downloads in flight, and the bytes each URL has cost so far: written
/// from the network's threads, read by whoever draws it. Thread-safe.
///
/// A URL can have two downloads at once (a cancelled one still waiting in its queue and the
/// new one of a row that came back), so each download is its own flight: ``begin(_:)`` gives
/// it a number, and only its own updates and end touch it. Bytes are tallied as they arrive,
/// so a retry that starts again from 0 does not erase what the failed attempt received.
final class DownloadProgressBoard: Sendable {
    private struct Flight: Sendable {
        let url: URL
        /// Nil until the first bytes (or the response head) arrived.
        var progress: DownloadProgress?
    }

    private struct Entries: Sendable {
        var nextFlight = 0
        var flights: [Int: Flight] = [:]
        var latestFlight: [URL: Int] = [:]
        /// Per URL, only when asked for: it holds every URL ever downloaded.
        var bytes: [URL: Int]?
        var totalBytes = 0
    }

    private let entries: Mutex<Entries>

    /// A board; with `countsBytesPerURL`, it also tallies the bytes received per URL.
    init(countsBytesPerURL: Bool = false) {
        entries = Mutex(Entries(bytes: countsBytesPerURL ? [:] : nil))
    }

    /// Starts a download of `url`; the number names it in ``update(_:received:expected:)`` and
    /// ``end(_:)``. Its progress is the one shown for `url` from now on.
    func begin(_ url: URL) -> Int {
        entries.withLock { entries in
            defer { entries.nextFlight += 1 }
            entries.flights[entries.nextFlight] = Flight(url: url)
            entries.latestFlight[url] = entries.nextFlight
            return entries.nextFlight
        }
    }

    /// The progress of the latest download of `url`, or nil when none is in flight or it
    /// has received nothing yet.
    func progress(for url: URL) -> DownloadProgress? {
        entries.withLock { entries in entries.latestFlight[url].flatMap { entries.flights[$0]?.progress } }
    }

    /// Bytes received for `url` by every download of it so far, finished, cancelled or in
    /// flight; nil when the board does not count per URL.
    func bytesReceived(for url: URL) -> Int? {
        entries.withLock { entries in entries.bytes.map { $0[url, default: 0] } }
    }

    /// The entries kept per URL and per download (for tests).
    var entryCount: Int {
        entries.withLock { $0.flights.count + $0.latestFlight.count + ($0.bytes?.count ?? 0) }
    }

    /// Bytes received by every download so far.
    var totalBytesReceived: Int {
        entries.withLock { $0.totalBytes }
    }

    /// Records that download `flight` has received `received` bytes (of `expected`).
    func update(_ flight: Int, received: Int, expected: Int?) {
        entries.withLock { entries in
            guard var current = entries.flights[flight] else { return }
            let before = current.progress?.received ?? 0
            // A retry counts again from 0: what the failed attempt received stays counted.
            let added = received >= before ? received - before : received
            entries.totalBytes += added
            entries.bytes?[current.url, default: 0] += added
            current.progress = DownloadProgress(received: received, expected: expected)
            entries.flights[flight] = current
        }
    }

    /// Ends download `flight`; the bytes it received stay in the tally.
    func end(_ flight: Int) {
        entries.withLock { entries in
            guard let ended = entries.flights.removeValue(forKey: flight) else { return }
            if entries.latestFlight[ended.url] == flight { entries.latestFlight[ended.url] = nil }
        }
    }
}
