import AsyncHTTPClient
import NIOCore
import SepiaDemoServer
import SepiaTestSupport
import XCTest

final class CounterTests: XCTestCase {
    func testCountsRequestsPerPathAndBodyBytes() async throws {
        try await withServer { server in
            let photoURL = try XCTUnwrap(server.url(for: server.catalog.photos[0]))
            let urls = [server.propertyListURL, server.jsonURL, photoURL, photoURL, server.baseURL.appendingPathComponent("nothing")]
            var bodyBytes = 0
            for url in urls {
                bodyBytes += try await fetch(url).body.count
            }

            XCTAssertEqual(server.counters.totalRequests, 5)
            XCTAssertEqual(server.counters.requests(forPath: photoURL.path), 2)
            XCTAssertEqual(server.counters.requests(forPath: "/photos.plist"), 1)
            XCTAssertEqual(server.counters.requests(forPath: "/nothing"), 0, "not a served path: counted with the others")
            XCTAssertEqual(server.counters.snapshot.otherRequests, 1)
            XCTAssertEqual(server.counters.snapshot.requestsByPath.count, 3)
            XCTAssertEqual(server.counters.serviceUnavailableResponses, 0)
            // The count follows each write, which may land just after the client has the bytes.
            try await waitUntil("every body byte is counted") { server.counters.bodyBytesSent == bodyBytes }
            XCTAssertEqual(server.counters.cutBodies, 0)
        }
    }

    /// A client that asks for ever new paths (a scanner, a crawler) must not grow the counters:
    /// `sepia serve` kept one for every path it saw.
    func testPathsOutsideTheCatalogueShareOneCounter() async throws {
        try await withServer { server in
            for number in 0..<300 {
                _ = try await fetch(server.baseURL.appendingPathComponent("made-up/\(number).jpg"))
            }
            _ = try await fetch(try XCTUnwrap(server.url(for: server.catalog.photos[0])))
            let snapshot = server.counters.snapshot
            XCTAssertEqual(snapshot.totalRequests, 301)
            XCTAssertEqual(snapshot.otherRequests, 300)
            XCTAssertEqual(snapshot.requestsByPath.count, 1, "only the catalogue's path has a counter of its own")
        }
    }

    func testClientClosingTheConnectionMidBodyIsCounted() async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        try await withServer(.small(bandwidth: 2_000)) { server in
            let corrupt = try XCTUnwrap(server.catalog.entry(ofKind: .corrupt))
            let request = HTTPClientRequest(url: try XCTUnwrap(server.url(for: corrupt)).absoluteString)
            let firstChunkReceived = AsyncStream.makeStream(of: Int.self)
            let download = Task {
                let response = try await client.execute(request, timeout: .seconds(60))
                for try await chunk in response.body {
                    firstChunkReceived.continuation.yield(chunk.readableBytes)
                }
            }
            var chunks = firstChunkReceived.stream.makeAsyncIterator()
            let firstChunk = await chunks.next()
            XCTAssertGreaterThan(firstChunk ?? 0, 0)

            download.cancel()

            try await waitUntil("the server sees the connection end") { server.counters.cutBodies == 1 }
            XCTAssertLessThan(server.counters.bodyBytesSent, 4096, "the body was not sent to the end")
        }
        try await client.shutdown()
    }
}
