import Foundation
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// Real-world behaviour from Debian's nginx: gzip on the fly, ETag revalidation (nginx
/// weakens the ETag of a gzipped body and still answers 304 to it), `expires` as max-age.
final class NginxCachingTests: XCTestCase {
    private var nginx: Nginx?
    private let loader = HTTPLoader()

    override func tearDown() async throws {
        await loader.shutdown()
        nginx?.stop()
    }

    /// An uncompressed BMP made by ImageMagick: the kind of photo a server gzips.
    private func makePhoto(at path: String) throws -> Data {
        _ = try DebianTool.shell("convert -size 300x200 gradient:sienna-wheat BMP3:'\(path)'")
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private func download(_ url: URL, cache: DiskCache) async throws -> Data {
        let operation = DownloadOperation(url: url, loader: loader, cache: cache)
        let result = await withCheckedContinuation { continuation in
            operation.onFinish(on: .global()) { continuation.resume(returning: $0) }
            OperationQueue().addOperation(operation)
        }
        return try XCTUnwrap(result.value)
    }

    func testGzipETagRevalidationAndExpiresAgainstNginx() async throws {
        let nginx = try Nginx()
        self.nginx = nginx
        let photo = try makePhoto(at: nginx.root.appendingPathComponent("revalidated/photo.bmp").path)
        let freshPhoto = try makePhoto(at: nginx.root.appendingPathComponent("fresh/photo.bmp").path)
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 10_000_000)

        let downloaded = try await download(nginx.url("/revalidated/photo.bmp"), cache: cache)
        XCTAssertEqual(downloaded, photo)
        let revalidated = try await download(nginx.url("/revalidated/photo.bmp"), cache: cache)
        XCTAssertEqual(revalidated, photo)
        let freshDownloaded = try await download(nginx.url("/fresh/photo.bmp"), cache: cache)
        XCTAssertEqual(freshDownloaded, freshPhoto)
        let freshReused = try await download(nginx.url("/fresh/photo.bmp"), cache: cache)
        XCTAssertEqual(freshReused, freshPhoto)
        try await waitUntil("nginx logged the requests") { nginx.accessLog.count == 3 }
        XCTAssertEqual(nginx.accessLog, ["/revalidated/photo.bmp 200 gzip", "/revalidated/photo.bmp 304 -", "/fresh/photo.bmp 200 gzip"])
    }
}
