public import Foundation

/// What the disk cache keeps beside a downloaded original: when it was stored and the
/// response's caching headers, from which it learns whether the copy is fresh (RFC 9111 §4.2)
/// and how to revalidate it.
///
/// Freshness lifetime, first rule that applies:
/// 1. `Cache-Control: no-cache` (or `no-store`): none, revalidated before every use;
/// 2. `Cache-Control: max-age=N`: N seconds;
/// 3. `Expires`: until then, measured from the response's `Date` (or the time it was stored);
///    an `Expires` that is not a date means already expired;
/// 4. `Last-Modified` (heuristic, as browsers do): 10 % of the time between it and the
///    response's `Date`, at most a week;
/// 5. nothing at all: ``heuristicLifetimeWithoutDates`` (a day).
///
/// Age is counted from when the entry was stored (the `Age` header is not read: an original is
/// rarely served by a shared cache, and a younger age only errs towards revalidating).
public struct CachedResponseInfo: Sendable, Equatable, Codable {
    /// When the response was received, or last revalidated.
    public var storedAt: Date
    /// The response's caching headers.
    public var headers: HTTPCacheHeaders

    /// The lifetime of an entry whose response had neither freshness headers nor `Last-Modified`.
    public static let heuristicLifetimeWithoutDates: TimeInterval = 24 * 60 * 60
    /// The longest lifetime the `Last-Modified` heuristic gives.
    public static let longestHeuristicLifetime: TimeInterval = 7 * 24 * 60 * 60

    /// Information for a response stored at `storedAt`.
    public init(storedAt: Date, headers: HTTPCacheHeaders) {
        self.storedAt = storedAt
        self.headers = headers
    }

    /// Seconds the entry stays fresh after ``storedAt``.
    public var freshnessLifetime: TimeInterval {
        let directives = headers.directives
        if directives.noCache || directives.noStore { return 0 }
        if let maxAge = directives.maxAge { return maxAge }
        let date = headers.date.flatMap(HTTPDate.parse) ?? storedAt
        if let expires = headers.expires {
            return HTTPDate.parse(expires).map { $0.timeIntervalSince(date) } ?? 0
        }
        if let lastModified = headers.lastModified.flatMap(HTTPDate.parse) {
            return min(max(0, date.timeIntervalSince(lastModified)) / 10, Self.longestHeuristicLifetime)
        }
        return Self.heuristicLifetimeWithoutDates
    }

    /// Whether the entry can be used without asking the server at `now`.
    public func isFresh(at now: Date) -> Bool {
        now.timeIntervalSince(storedAt) < freshnessLifetime
    }

    /// The entry's form in the disk cache.
    func encoded() -> Data {
        (try? JSONEncoder().encode(self)) ?? Data()
    }

    /// Reads what ``encoded()`` wrote; nil for anything else.
    init?(encoded: Data) {
        guard let info = try? JSONDecoder().decode(Self.self, from: encoded) else { return nil }
        self = info
    }
}
