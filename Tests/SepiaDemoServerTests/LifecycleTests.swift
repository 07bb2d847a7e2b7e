import AsyncHTTPClient
import SepiaDemoServer
import SepiaImaging
import SepiaTestSupport
import XCTest

final class LifecycleTests: XCTestCase {
    func testListensOn127001Only() async throws {
        try await withServer { server in
            XCTAssertEqual(server.baseURL.host, "127.0.0.1")
            let status = try await fetch(server.jsonURL).status
            XCTAssertEqual(status, 200)
            // Every 127.x.x.x address is loopback on Linux: a server bound to all addresses
            // would accept connections on 127.0.0.2 too.
            XCTAssertFalse(acceptsTCPConnection(address: "127.0.0.2", port: server.port))
        }
    }

    func testStopFreesThePort() async throws {
        let first = try await DemoPhotoServer.start(.small())
        let port = first.port
        _ = try await fetch(first.jsonURL)
        await first.stop()
        XCTAssertFalse(acceptsTCPConnection(address: "127.0.0.1", port: port), "still listening after stop()")

        var configuration = DemoServerConfiguration.small()
        configuration.port = port
        try await withServer(configuration) { second in
            XCTAssertEqual(second.port, port)
            let status = try await fetch(second.jsonURL).status
            XCTAssertEqual(status, 200)
        }
    }

    func testStartingOnAPortInUseFails() async throws {
        try await withServer { server in
            var configuration = DemoServerConfiguration.small()
            configuration.port = server.port
            do {
                let second = try await DemoPhotoServer.start(configuration)
                await second.stop()
                XCTFail("a second server started on port \(server.port)")
            } catch {
                XCTAssertFalse(error is DemoServerError, "\(error)")
            }
        }
    }

    func testStopIsPromptWhileASlowResponseIsPending() async throws {
        let server = try await DemoPhotoServer.start(.small())
        let slow = try XCTUnwrap(server.catalog.entry(ofKind: .slow))
        let slowURL = try XCTUnwrap(server.url(for: slow))
        let slowRequest = Task { try await fetch(slowURL, timeout: .seconds(900)) }
        try await waitUntil("the server has the slow request") {
            server.counters.requests(forPath: slowURL.path) == 1
        }

        let start = ContinuousClock.now
        await server.stop()

        XCTAssertLessThan(ContinuousClock.now - start, .seconds(120), "stop waited for the 600 s slow entry")
        // The abandoned request ends at once, with an error status or a closed connection.
        if case .success(let response) = await slowRequest.result {
            XCTAssertNotEqual(response.status, 200)
        }
    }

    func testManyServersStartAndStop() async throws {
        for _ in 0..<10 {
            try await withServer { server in
                let status = try await fetch(server.jsonURL).status
                XCTAssertEqual(status, 200)
            }
        }
    }

    func testInvalidConfigurationsAreRejected() async {
        let invalid: [DemoServerConfiguration] = [
            DemoServerConfiguration(port: 70_000),
            DemoServerConfiguration(photoCount: -1),
            DemoServerConfiguration(photoSize: .init(width: 0, height: 10)),
            DemoServerConfiguration(jpegQuality: 0),
            DemoServerConfiguration(bandwidth: 0),
            DemoServerConfiguration(failureRate: 1.5),
            DemoServerConfiguration(slowDelay: .seconds(-1)),
        ]
        for configuration in invalid {
            do {
                let server = try await DemoPhotoServer.start(configuration)
                await server.stop()
                XCTFail("started with \(configuration)")
            } catch {
                guard case .invalidConfiguration = error as? DemoServerError else {
                    return XCTFail("unexpected \(error)")
                }
            }
        }
    }
}
