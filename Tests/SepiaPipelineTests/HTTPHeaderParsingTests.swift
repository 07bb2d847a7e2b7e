import Foundation
import SepiaImaging
import XCTest

@testable import SepiaPipeline

/// The headers Sepia sends and the ones it reads: dates, Retry-After, Cache-Control, freshness.
final class HTTPHeaderParsingTests: XCTestCase {
    private let sunday = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT (RFC 9110's example)

    func testTheThreeDateFormsOfRFC9110AreRead() {
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), sunday)
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT"), sunday)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), sunday)
        XCTAssertEqual(HTTPDate.parse("Thu, 29 Feb 2024 23:59:59 GMT"), Date(timeIntervalSince1970: 1_709_251_199))
        for bad in [
            "", "yesterday", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT", "0",
        ] {
            XCTAssertNil(HTTPDate.parse(bad), bad)
        }
    }

    func testRetryAfterIsSecondsOrADate() {
        XCTAssertEqual(HTTPRetryAfter.seconds(from: "120"), 120)
        XCTAssertEqual(HTTPRetryAfter.seconds(from: " 0 "), 0)
        XCTAssertEqual(HTTPRetryAfter.seconds(from: "Sun, 06 Nov 1994 08:50:07 GMT", now: sunday), 30)
        XCTAssertEqual(HTTPRetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:00 GMT", now: sunday), 0, "a date past is no wait")
        XCTAssertEqual(HTTPRetryAfter.seconds(from: String(repeating: "9", count: 400)), .infinity)
        XCTAssertNil(HTTPRetryAfter.seconds(from: "-5"))
        XCTAssertNil(HTTPRetryAfter.seconds(from: "soon"))
    }

    func testTheRequestHeadersNameSepiaAndEveryDecodableFormat() {
        XCTAssertTrue(HTTPRequestHeaders.defaultUserAgent.hasPrefix("Sepia/\(SepiaVersion.current) ("))
        let accepted = HTTPRequestHeaders.accept.split(separator: ",").map(String.init)
        for format in ImageFormat.allCases { XCTAssertTrue(accepted.contains(format.mimeType), "\(format) missing from Accept") }
        XCTAssertEqual(accepted.last, "*/*;q=0.5")
        XCTAssertEqual(HTTPRequestHeaders.acceptEncoding, "gzip, deflate")
    }

    func testCacheControlDirectives() {
        let directives = CacheControlDirectives("public, Max-Age=3600, no-cache")
        XCTAssertEqual(directives.maxAge, 3600)
        XCTAssertTrue(directives.noCache)
        XCTAssertFalse(directives.noStore)
        XCTAssertEqual(CacheControlDirectives("max-age=\"60\"").maxAge, 60)
        XCTAssertEqual(CacheControlDirectives("max-age=soon").maxAge, 0, "malformed: stale")
        XCTAssertTrue(CacheControlDirectives("private,no-store").noStore)
    }

    func testFreshnessFollowsMaxAgeThenExpiresThenLastModifiedThenADay() {
        let stored = sunday
        func lifetime(_ headers: HTTPCacheHeaders) -> TimeInterval {
            CachedResponseInfo(storedAt: stored, headers: headers).freshnessLifetime
        }
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        XCTAssertEqual(lifetime(HTTPCacheHeaders(cacheControl: "max-age=60", expires: "Mon, 07 Nov 1994 08:49:37 GMT")), 60)
        XCTAssertEqual(lifetime(HTTPCacheHeaders(date: date, expires: "Mon, 07 Nov 1994 08:49:37 GMT")), 86_400)
        XCTAssertEqual(lifetime(HTTPCacheHeaders(date: date, expires: "0")), 0, "an invalid Expires is already expired")
        XCTAssertEqual(lifetime(HTTPCacheHeaders(cacheControl: "max-age=60, no-cache")), 0)
        // Ten days since Last-Modified: fresh for one.
        XCTAssertEqual(lifetime(HTTPCacheHeaders(lastModified: "Thu, 27 Oct 1994 08:49:37 GMT", date: date)), 86_400)
        XCTAssertEqual(
            lifetime(HTTPCacheHeaders(lastModified: "Sun, 06 Nov 1980 08:49:37 GMT", date: date)),
            CachedResponseInfo.longestHeuristicLifetime)
        XCTAssertEqual(lifetime(HTTPCacheHeaders()), CachedResponseInfo.heuristicLifetimeWithoutDates)

        let info = CachedResponseInfo(storedAt: stored, headers: HTTPCacheHeaders(cacheControl: "max-age=60"))
        XCTAssertTrue(info.isFresh(at: stored.addingTimeInterval(59)))
        XCTAssertFalse(info.isFresh(at: stored.addingTimeInterval(60)))
        XCTAssertEqual(CachedResponseInfo(encoded: info.encoded()), info)
    }

    func testA304UpdatesOnlyTheHeadersItCarries() {
        let stored = HTTPCacheHeaders(entityTag: "\"a\"", lastModified: "x", date: "d1", cacheControl: "max-age=60")
        let updated = stored.updated(with: HTTPCacheHeaders(date: "d2", cacheControl: "max-age=120"))
        XCTAssertEqual(updated, HTTPCacheHeaders(entityTag: "\"a\"", lastModified: "x", date: "d2", cacheControl: "max-age=120"))
    }
}
