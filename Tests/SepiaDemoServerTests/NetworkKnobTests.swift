import SepiaDemoServer
import XCTest

final class NetworkKnobTests: XCTestCase {
    func testLatencyDelaysEveryResponse() async throws {
        try await withServer(.small(latency: .milliseconds(300))) { server in
            for url in [server.jsonURL, try XCTUnwrap(server.url(for: server.catalog.photos[0]))] {
                let start = ContinuousClock.now
                let response = try await fetch(url)
                let elapsed = ContinuousClock.now - start

                XCTAssertEqual(response.status, 200)
                XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(300), url.path)
            }
        }
    }

    func testBandwidthLimitsTheBodyRate() async throws {
        let bandwidth = 8_000
        try await withServer(.small(bandwidth: bandwidth)) { server in
            let corrupt = try XCTUnwrap(server.catalog.entry(ofKind: .corrupt))

            let start = ContinuousClock.now
            let response = try await fetch(try XCTUnwrap(server.url(for: corrupt)))
            let elapsed = ContinuousClock.now - start

            XCTAssertEqual(response.body.count, 4096)
            let minimum = Double(response.body.count) / Double(bandwidth)
            XCTAssertGreaterThanOrEqual(elapsed.seconds, minimum * 0.95, "a \(response.body.count)-byte body at \(bandwidth) B/s")
        }
    }

    func testFailureRateOneAnswersEveryPhotoWith503AndRetryAfter() async throws {
        try await withServer(.small(failureRate: 1)) { server in
            for photo in server.catalog.photos.prefix(3) {
                let response = try await fetch(try XCTUnwrap(server.url(for: photo)))

                XCTAssertEqual(response.status, 503, photo.name)
                XCTAssertEqual(response.retryAfter, "0")
            }
            XCTAssertEqual(server.counters.serviceUnavailableResponses, 3)

            let manifest = try await fetch(server.jsonURL)
            XCTAssertEqual(manifest.status, 200, "manifests never fail")
        }
    }

    func testFailuresRepeatWithTheSeedAndRetriesCanSucceed() async throws {
        func statuses(on server: DemoPhotoServer) async throws -> [Int] {
            var statuses: [Int] = []
            let url = try XCTUnwrap(server.url(for: server.catalog.photos[0]))
            for _ in 0..<24 {
                statuses.append(try await fetch(url).status)
            }
            return statuses
        }
        var first: [Int] = []
        try await withServer(.small(failureRate: 0.5)) { first = try await statuses(on: $0) }
        try await withServer(.small(failureRate: 0.5)) { server in
            let second = try await statuses(on: server)

            XCTAssertEqual(second, first)
            XCTAssertEqual(Set(second), [200, 503], "some requests fail, a retry succeeds")
            XCTAssertEqual(server.counters.serviceUnavailableResponses, second.filter { $0 == 503 }.count)
        }
    }
}
