import Foundation
import NIOHTTP1
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// Downloads through a real proxy, Debian's tinyproxy, started on loopback by each test.
final class HTTPProxyTests: XCTestCase {
    private var server: ScriptedHTTPServer?
    private var proxy: Tinyproxy?
    private var loader: HTTPLoader?
    private static let photo = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 * 13) })

    override func tearDown() async throws {
        await loader?.shutdown()
        await server?.stop()
        proxy?.stop()
    }

    private func start(allow: String = "127.0.0.1", environment: (Tinyproxy) -> [String: String]) async throws
        -> (ScriptedHTTPServer, Tinyproxy, HTTPLoader)
    {
        let server = try await ScriptedHTTPServer.start { _ in .init(body: Self.photo) }
        let proxy = try Tinyproxy(allow: allow)
        let loader = HTTPLoader(configuration: HTTPLoaderConfiguration(proxies: try ProxySettings(environment: environment(proxy))))
        (self.server, self.proxy, self.loader) = (server, proxy, loader)
        return (server, proxy, loader)
    }

    func testAPhotoIsDownloadedThroughTheProxy() async throws {
        let (server, proxy, loader) = try await start { ["http_proxy": $0.url] }
        let body = try await loader.body(server.url("/through.jpg"))
        XCTAssertEqual(body, Self.photo)
        // AsyncHTTPClient tunnels through the proxy with CONNECT, for http URLs too, so the
        // proxy sees the tunnel and the server sees Sepia's own request, headers and all.
        XCTAssertEqual(proxy.loggedRequests, ["CONNECT 127.0.0.1:\(server.port) HTTP/1.1"])
        XCTAssertEqual(server.requests.map(\.uri), ["/through.jpg"])
        XCTAssertEqual(server.requests.first?.headers["User-Agent"], [HTTPRequestHeaders.defaultUserAgent])
    }

    func testNoProxyBypassesTheProxy() async throws {
        let (server, proxy, loader) = try await start { ["http_proxy": $0.url, "no_proxy": "example.org, 127.0.0.1"] }
        let body = try await loader.body(server.url("/direct.jpg"))
        XCTAssertEqual(body, Self.photo)
        XCTAssertEqual(proxy.loggedRequests, [])
    }

    /// tinyproxy's `Allow` does not match the client: it answers the CONNECT with 403.
    func testAProxyThatRefusesSaysSo() async throws {
        let (server, proxy, loader) = try await start(allow: "10.9.9.9") { ["http_proxy": $0.url] }
        let result = await loader.result(server.url("/refused.jpg"))
        XCTAssertEqual(result.failure?.description, "the proxy refused to connect to the server")
        XCTAssertEqual(server.requests.count, 0, "nothing reached the server")
        XCTAssertEqual(proxy.loggedRequests, [], "refused before the request was read")
    }

    func testAProxyThatIsNotThereSaysSo() async throws {
        let server = try await ScriptedHTTPServer.start { _ in .init(body: Self.photo) }
        self.server = server
        let port = try FreePort.find()
        let loader = HTTPLoader(
            configuration: HTTPLoaderConfiguration(proxies: try ProxySettings(environment: ["http_proxy": "127.0.0.1:\(port)"])))
        self.loader = loader
        let reason = await loader.result(server.url("/a.jpg")).failure?.description ?? ""
        XCTAssertTrue(reason.hasPrefix("cannot connect to the proxy 127.0.0.1:\(port): "), reason)
        XCTAssertEqual(server.requests.count, 0)
    }
}
