import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import SepiaDemoServer
import XCTest

final class RoutingTests: XCTestCase {
    func testUnknownPathsAnswer404() async throws {
        try await withServer { server in
            for path in ["nothing", "photos/0.jpg", "photos/15.jpg", "photos/1.png"] {
                let response = try await fetch(server.baseURL.appendingPathComponent(path))
                XCTAssertEqual(response.status, 404, path)
            }
        }
    }

    func testOnlyGETIsServed() async throws {
        try await withServer { server in
            var request = HTTPClientRequest(url: server.jsonURL.absoluteString)
            request.method = .POST

            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))

            XCTAssertEqual(response.status.code, 405)
            XCTAssertEqual(response.headers.first(name: "Allow"), "GET")
        }
    }

    func testRequestLoggerGetsOneLinePerRequest() async throws {
        let log = LineCollector()
        var configuration = DemoServerConfiguration.small()
        configuration.requestLogger = { log.append($0) }
        try await withServer(configuration) { server in
            _ = try await fetch(server.jsonURL)
            _ = try await fetch(server.baseURL.appendingPathComponent("nothing"))

            XCTAssertEqual(log.lines, ["GET /photos.json 200", "GET /nothing 404"])
        }
    }
}
