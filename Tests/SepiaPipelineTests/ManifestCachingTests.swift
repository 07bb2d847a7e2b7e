import Foundation
import NIOHTTP1
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// A remote manifest read through the cache of downloads, as every task of a sharded batch
/// reads it: downloaded once, then revalidated, and a changed manifest seen at once.
final class ManifestCachingTests: XCTestCase {
    private var server: ScriptedHTTPServer?
    private let loader = HTTPLoader()

    override func tearDown() async throws {
        await loader.shutdown()
        await server?.stop()
    }

    func testACachedManifestIsRevalidatedEachTimeEvenWhenFresh() async throws {
        let version = Locked(1)
        let server = try await ScriptedHTTPServer.start { request in
            let current = version.withLock { $0 }
            let tag = "\"v\(current)\""
            if request.headers["If-None-Match"].first == tag { return .init(status: .notModified, headers: [("ETag", tag)]) }
            let body = (1...current + 1).map { "https://photos.example/\($0).jpg" }.joined(separator: "\n")
            // Fresh for a day: a photo would be used without asking; a manifest is asked about anyway.
            return .init(headers: [("ETag", tag), ("Cache-Control", "max-age=86400")], body: Data(body.utf8))
        }
        self.server = server
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 10_000_000)
        let url = server.url("/manifest.txt").absoluteString
        let first = try await PhotoSource.collection(from: [url], loader: loader, cache: cache)
        let second = try await PhotoSource.collection(from: [url], loader: loader, cache: cache)
        XCTAssertEqual(first.entries, second.entries)
        XCTAssertEqual(first.entries.count, 2)
        version.withLock { $0 = 2 }
        let changed = try await PhotoSource.collection(from: [url], loader: loader, cache: cache)
        XCTAssertEqual(changed.entries.count, 3, "a changed manifest is seen at once")
        let asked = server.requests.map { $0.headers["If-None-Match"].first ?? "plain" }
        XCTAssertEqual(asked, ["plain", "\"v1\"", "\"v1\""])
    }
}
