import Foundation
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// A certificate that does not verify fails its download at once, after one handshake, with a
/// reason that names the certificate, as a browser says so at once: against Debian's nginx
/// over TLS, with the loader's default timeouts and retries.
final class HTTPSCertificateTests: XCTestCase {
    private var nginx: Nginx?
    private var loader: HTTPLoader?

    override func tearDown() async throws {
        await loader?.shutdown()
        nginx?.stop()
    }

    /// nginx over TLS with a photo, and a loader with default settings, which trusts nginx's
    /// certificate only when told to.
    private func start(trustingItsCertificate: Bool = false, certifiedName: String = "IP:127.0.0.1") throws -> (Nginx, HTTPLoader) {
        let nginx = try Nginx(https: true, certifiedName: certifiedName)
        try Data(repeating: 7, count: 1_000).write(to: nginx.root.appendingPathComponent("photo.bin"))
        let roots = trustingItsCertificate ? [try XCTUnwrap(nginx.certificate).path] : []
        let loader = HTTPLoader(configuration: HTTPLoaderConfiguration(additionalTrustRoots: roots))
        (self.nginx, self.loader) = (nginx, loader)
        return (nginx, loader)
    }

    /// Loads `url` and returns its failure and how long it took.
    private func failure(of url: URL, with loader: HTTPLoader) async -> (HTTPLoadError?, TimeInterval) {
        let started = Date()
        let failure = await loader.result(url).failure
        return (failure, Date().timeIntervalSince(started))
    }

    func testASelfSignedCertificateFailsAtOnceAfterOneHandshake() async throws {
        let (nginx, loader) = try start()
        let (failure, seconds) = await failure(of: nginx.httpsURL("/photo.bin"), with: loader)

        XCTAssertEqual(
            failure?.description,
            "the server's TLS certificate is not trusted (CERTIFICATE_VERIFY_FAILED: it may be self-signed, expired, "
                + "or from an authority this system does not trust)")
        XCTAssertEqual(failure?.isTransient, false)
        XCTAssertLessThan(seconds, 5, "well under the connect timeout (5 s) times three attempts")
        try await waitUntil("nginx logged the refused handshake") { nginx.failedHandshakes > 0 }
        XCTAssertEqual(nginx.failedHandshakes, 1, "one handshake: neither AsyncHTTPClient nor the retry policy tried again")
        XCTAssertEqual(nginx.accessLog, [], "no request was sent")
    }

    /// The certificate is trusted but made for another host than the URL's, 127.0.0.1.
    func testACertificateForAnotherHostFailsAtOnceNamingTheHost() async throws {
        let (nginx, loader) = try start(trustingItsCertificate: true, certifiedName: "DNS:photos.example")
        let (failure, seconds) = await failure(of: nginx.httpsURL("/photo.bin"), with: loader)

        XCTAssertEqual(failure, .untrustedCertificate("it is not valid for 127.0.0.1"))
        XCTAssertEqual(failure?.description, "the server's TLS certificate is not trusted (it is not valid for 127.0.0.1)")
        XCTAssertLessThan(seconds, 5)
        XCTAssertEqual(nginx.accessLog, [], "no request was sent")
    }
}
