import Foundation
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// https against Debian's nginx with a certificate made for the test: trusted only through the
/// loader's configuration, and a redirect from it down to plain http refused before the http
/// request is made.
final class HTTPSRedirectTests: XCTestCase {
    private var nginx: Nginx?
    private var loaders: [HTTPLoader] = []

    override func tearDown() async throws {
        for loader in loaders { await loader.shutdown() }
        nginx?.stop()
    }

    /// A loader with default settings trusting `roots` besides the system's authorities.
    private func loader(trusting roots: [String]) -> HTTPLoader {
        let loader = HTTPLoader(configuration: HTTPLoaderConfiguration(additionalTrustRoots: roots))
        loaders.append(loader)
        return loader
    }

    func testARedirectFromHTTPSToHTTPIsRefusedOverRealTLS() async throws {
        let nginx = try Nginx(https: true)
        self.nginx = nginx
        let photo = Data((0..<3_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try photo.write(to: nginx.root.appendingPathComponent("photo.bin"))
        let trusting = loader(trusting: [try XCTUnwrap(nginx.certificate).path])

        let overTLS = try await trusting.body(nginx.httpsURL("/photo.bin"))
        XCTAssertEqual(overTLS, photo, "the test's certificate is trusted through the configuration")
        let overHTTP = try await trusting.body(nginx.url("/photo.bin"))
        XCTAssertEqual(overHTTP, photo, "the http target itself loads")

        let refusal = await trusting.result(nginx.httpsURL("/to-http/photo.bin")).failure
        XCTAssertEqual(
            refusal,
            .redirects("refused a redirect from https to http (\(nginx.url("/photo.bin").absoluteString)): it would not be encrypted"))
        let untrusted = await loader(trusting: []).result(nginx.httpsURL("/photo.bin")).failure
        XCTAssertTrue(
            untrusted?.description.contains("CERTIFICATE_VERIFY_FAILED") == true,
            "without the configuration the self-signed certificate is refused: \(String(describing: untrusted))")

        try await waitUntil("nginx logged the requests") { nginx.accessLog.count == 3 }
        XCTAssertEqual(
            nginx.accessLog, ["/photo.bin 200 -", "/photo.bin 200 gzip", "/to-http/photo.bin 302 -"],
            "the plain http target is requested only when asked for directly")
    }
}
