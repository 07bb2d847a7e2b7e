public import Foundation
import NIOHTTP1

/// What a response says about caching it (RFC 9111): its validators, for asking later whether
/// it changed, and how long it stays fresh.
public struct HTTPCacheHeaders: Sendable, Equatable, Codable {
    /// `ETag`, as sent (quotes and any `W/` included), for `If-None-Match`.
    public var entityTag: String?
    /// `Last-Modified`, as sent, for `If-Modified-Since`.
    public var lastModified: String?
    /// `Date`: when the server made the response.
    public var date: String?
    /// `Cache-Control`, all its fields joined by commas.
    public var cacheControl: String?
    /// `Expires`.
    public var expires: String?

    /// Headers given one by one (all nil: a response that says nothing about caching).
    public init(
        entityTag: String? = nil, lastModified: String? = nil, date: String? = nil, cacheControl: String? = nil, expires: String? = nil
    ) {
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.date = date
        self.cacheControl = cacheControl
        self.expires = expires
    }

    /// The caching headers of a response.
    init(_ headers: HTTPHeaders) {
        func field(_ name: String) -> String? {
            let values = headers[name]
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        self.init(
            entityTag: headers.first(name: "ETag"), lastModified: headers.first(name: "Last-Modified"), date: headers.first(name: "Date"),
            cacheControl: field("Cache-Control"), expires: headers.first(name: "Expires"))
    }

    /// Whether a later request can ask if the response changed (it has an `ETag` or a
    /// `Last-Modified`).
    public var hasValidators: Bool { entityTag != nil || lastModified != nil }

    /// These headers brought up to date by those of a `304 Not Modified` (RFC 9111 §4.3.4):
    /// each header the 304 carries replaces the stored one, the others stay.
    public func updated(with newer: HTTPCacheHeaders) -> HTTPCacheHeaders {
        HTTPCacheHeaders(
            entityTag: newer.entityTag ?? entityTag, lastModified: newer.lastModified ?? lastModified, date: newer.date ?? date,
            cacheControl: newer.cacheControl ?? cacheControl, expires: newer.expires ?? expires)
    }

    /// The `Cache-Control` directives that matter to a private cache of photos.
    public var directives: CacheControlDirectives { CacheControlDirectives(cacheControl ?? "") }
}

/// The response directives of `Cache-Control` (RFC 9111 §5.2.2) Sepia's disk cache obeys.
public struct CacheControlDirectives: Sendable, Equatable {
    /// `max-age`: seconds the response stays fresh.
    public var maxAge: TimeInterval?
    /// `no-cache`: the response may be stored but must be revalidated before each use.
    public var noCache = false
    /// `no-store`: the response must not be stored at all.
    public var noStore = false

    /// Reads a `Cache-Control` value such as `public, max-age=3600`. Names are case-insensitive;
    /// a malformed `max-age` counts as 0 (stale), as RFC 9111 §4.2.1 advises.
    public init(_ value: String) {
        for field in value.split(separator: ",") {
            let parts = field.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch parts[0].lowercased() {
            case "max-age":
                let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
                maxAge = argument.utf8.allSatisfy({ (0x30...0x39).contains($0) }) ? TimeInterval(argument) ?? 0 : 0
            case "no-cache": noCache = true
            case "no-store": noStore = true
            default: break
            }
        }
    }
}
