import Foundation
import NIOHTTP1
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// The disk cache of originals as an HTTP cache: validators kept and sent, 304s reused,
/// `max-age`, `no-cache` and `no-store` obeyed, `refresh` forcing, old entries still read.
final class DownloadRevalidationTests: XCTestCase {
    private var server: ScriptedHTTPServer?
    private let loader = HTTPLoader()
    private static let photo = Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 * 31) })

    override func tearDown() async throws {
        await loader.shutdown()
        await server?.stop()
    }

    /// A server that serves the photo with `headers`, or 304 when the request's
    /// `If-None-Match` matches `entityTag`.
    private func startServer(entityTag: String? = nil, _ headers: [(String, String)]) async throws -> ScriptedHTTPServer {
        let server = try await ScriptedHTTPServer.start { request in
            if let entityTag, request.headers["If-None-Match"].first == entityTag {
                return .init(status: .notModified, headers: [("ETag", entityTag), ("Cache-Control", "max-age=0")])
            }
            return .init(headers: headers + (entityTag.map { [("ETag", $0)] } ?? []), body: Self.photo)
        }
        self.server = server
        return server
    }

    /// Runs one download operation and returns its bytes and how many came over the network.
    private func download(_ url: URL, cache: DiskCache, refresh: Bool = false) async throws -> (data: Data, downloaded: Int) {
        let operation = DownloadOperation(url: url, loader: loader, cache: cache, refresh: refresh)
        let result = await withCheckedContinuation { continuation in
            operation.onFinish(on: .global()) { continuation.resume(returning: $0) }
            OperationQueue().addOperation(operation)
        }
        return (try XCTUnwrap(result.value), operation.bytesDownloaded)
    }

    private func statuses(_ server: ScriptedHTTPServer) -> [String] {
        server.requests.map { $0.headers["If-None-Match"].first.map { "conditional \($0)" } ?? "plain" }
    }

    func testAStaleEntryWithAnETagIsRevalidatedAndA304ReusesIt() async throws {
        let server = try await startServer(entityTag: "\"v1\"", [("Cache-Control", "no-cache")])
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 10_000_000)
        let first = try await download(server.url("/a.jpg"), cache: cache)
        XCTAssertEqual(first.data, Self.photo)
        XCTAssertEqual(first.downloaded, Self.photo.count)
        let second = try await download(server.url("/a.jpg"), cache: cache)
        XCTAssertEqual(second.data, Self.photo)
        XCTAssertEqual(second.downloaded, 0, "a 304 brings no body")
        XCTAssertEqual(statuses(server), ["plain", "conditional \"v1\""])
        let info = try XCTUnwrap(
            cache.entry(forKey: server.url("/a.jpg").absoluteString).flatMap { CachedResponseInfo(encoded: $0.metadata) })
        XCTAssertEqual(info.headers.entityTag, "\"v1\"")
        XCTAssertEqual(info.headers.cacheControl, "max-age=0", "the 304's headers replace the stored ones")
    }

    func testLastModifiedIsSentAsIfModifiedSince() async throws {
        let lastModified = "Sun, 06 Nov 1994 08:49:37 GMT"
        let server = try await startServer([("Last-Modified", lastModified), ("Cache-Control", "max-age=0")])
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 10_000_000)
        _ = try await download(server.url("/a.jpg"), cache: cache)
        _ = try await download(server.url("/a.jpg"), cache: cache)
        XCTAssertEqual(server.requests.map { $0.headers["If-Modified-Since"] }, [[], [lastModified]])
    }

    func testAFreshEntryIsUsedWithoutARequest() async throws {
        let server = try await startServer(entityTag: "\"v1\"", [("Cache-Control", "public, max-age=3600")])
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 10_000_000)
        _ = try await download(server.url("/a.jpg"), cache: cache)
        let second = try await download(server.url("/a.jpg"), cache: cache)
        XCTAssertEqual(second.data, Self.photo)
        XCTAssertEqual(server.requests.count, 1)
    }

    func testNoStoreWritesNothingAndRemovesAnOlderEntry() async throws {
        let server = try await startServer([("Cache-Control", "no-store")])
        let directory = try makeTemporaryCacheDirectory()
        let cache = try DiskCache(directory: directory, sizeLimit: 10_000_000)
        let key = server.url("/a.jpg").absoluteString
        try cache.store(
            Data("older".utf8), metadata: CachedResponseInfo(storedAt: .distantPast, headers: HTTPCacheHeaders()).encoded(), forKey: key)
        let photo = try await download(server.url("/a.jpg"), cache: cache).data
        XCTAssertEqual(photo, Self.photo)
        XCTAssertNil(cache.data(forKey: key))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
        _ = try await download(server.url("/a.jpg"), cache: cache)
        XCTAssertEqual(statuses(server), ["plain", "plain"])
    }

    func testRefreshDownloadsAFreshEntryInFull() async throws {
        let server = try await startServer(entityTag: "\"v1\"", [("Cache-Control", "max-age=3600")])
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 10_000_000)
        _ = try await download(server.url("/a.jpg"), cache: cache)
        let refreshed = try await download(server.url("/a.jpg"), cache: cache, refresh: true)
        XCTAssertEqual(refreshed.downloaded, Self.photo.count)
        XCTAssertEqual(statuses(server), ["plain", "plain"], "no validators: the whole photo again")
    }

    /// An entry written before the cache kept headers ("SEPIADC2": no metadata) is still read,
    /// and used as it always was: without a request.
    func testAnEntryOfTheOldLayoutIsStillUsed() async throws {
        let server = try await startServer(entityTag: "\"v1\"", [])
        let directory = try makeTemporaryCacheDirectory()
        let key = server.url("/a.jpg").absoluteString
        let old = Data("an original cached by an older Sepia".utf8)
        var file = Data("SEPIADC2".utf8)
        withUnsafeBytes(of: UInt32(key.utf8.count).littleEndian) { file.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(old.count).littleEndian) { file.append(contentsOf: $0) }
        withUnsafeBytes(of: DiskCacheEntryFormat.checksum(of: old).littleEndian) { file.append(contentsOf: $0) }
        file.append(contentsOf: Array(key.utf8))
        file.append(old)
        try file.write(to: directory.appendingPathComponent(DiskCache.fileName(forKey: key)))
        let cache = try DiskCache(directory: directory, sizeLimit: 10_000_000)
        let photo = try await download(server.url("/a.jpg"), cache: cache).data
        XCTAssertEqual(photo, old)
        XCTAssertEqual(server.requests.count, 0)
        let entry = try XCTUnwrap(cache.entry(forKey: key))
        XCTAssertEqual(entry.metadata, Data())
    }

    func testEntriesKeepTheirMetadataAndAFlippedMetadataBitIsCaught() throws {
        let directory = try makeTemporaryCacheDirectory()
        let cache = try DiskCache(directory: directory, sizeLimit: 10_000_000)
        try cache.store(Self.photo, metadata: Data("headers".utf8), forKey: "k")
        XCTAssertEqual(cache.entry(forKey: "k")?.metadata, Data("headers".utf8))
        let file = directory.appendingPathComponent(DiskCache.fileName(forKey: "k"))
        var bytes = try Data(contentsOf: file)
        bytes[28 + 1 + 2] ^= 0x01  // header, key "k", then the metadata's third byte
        try bytes.write(to: file)
        XCTAssertNil(cache.entry(forKey: "k"))
    }
}
