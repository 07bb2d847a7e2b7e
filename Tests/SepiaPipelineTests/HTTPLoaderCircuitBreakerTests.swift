import Foundation
import SepiaOperations
import XCTest

@testable import SepiaPipeline

/// `HTTPLoader` against a loopback port nothing listens on, as a batch would load a dead
/// host's rows: once the breaker opens, the remaining rows fail at once with its reason.
final class HTTPLoaderCircuitBreakerTests: XCTestCase {
    private var loader: HTTPLoader?

    override func tearDown() async throws {
        await loader?.shutdown()
    }

    /// Loads `count` URLs with at most `inFlight` at once and returns each one's failure, in
    /// the order they ended.
    private func failures(of urls: [URL], inFlight: Int, loader: HTTPLoader) async -> [HTTPLoadError?] {
        let next = Locked(0)
        return await withTaskGroup(of: [HTTPLoadError?].self) { group in
            for _ in 0..<inFlight {
                group.addTask {
                    var ended: [HTTPLoadError?] = []
                    while true {
                        let index = next.withLock { index -> Int? in
                            defer { index += 1 }
                            return index < urls.count ? index : nil
                        }
                        guard let index else { return ended }
                        ended.append(await loader.result(urls[index]).failure)
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// 2,000 rows of a refused port, 18 in flight (`--jobs 6`): without the breaker each row
    /// took its three attempts and backoff (about 16 rows a second, two minutes in all).
    func testADeadHostsRowsFailFastWithOneReasonOnceTheBreakerOpens() async throws {
        let loader = HTTPLoader()
        self.loader = loader
        let urls = (0..<2_000).map { URL(string: "http://127.0.0.1:9/photo-\($0).jpg")! }
        let started = ContinuousClock.now
        let failures = await failures(of: urls, inFlight: 18, loader: loader)
        let elapsed = ContinuousClock.now - started

        XCTAssertEqual(failures.count, 2_000)
        XCTAssertFalse(failures.contains(nil), "nothing listens on 127.0.0.1:9")
        let refusals = failures.compactMap { failure -> String? in
            guard case .hostUnavailable = failure else { return nil }
            return failure?.description
        }
        let threshold = CircuitBreakerPolicy().failureThreshold
        XCTAssertGreaterThanOrEqual(refusals.count, 2_000 - threshold - 18, "every row after the first few")
        XCTAssertEqual(Set(refusals).count, 1, "one reason for all: \(Set(refusals))")
        let reason = try XCTUnwrap(refusals.first)
        XCTAssertTrue(reason.hasPrefix("127.0.0.1:9 failed \(threshold) connections in a row (cannot connect: "), reason)
        XCTAssertTrue(reason.contains("refused"), reason)
        XCTAssertLessThan(elapsed, .seconds(20), "the remaining rows end at once")
    }

    /// A live host on another port of the same address is not affected by a dead one.
    func testTheBreakerIsPerHostAndPort() async throws {
        let server = try await ScriptedHTTPServer.start { _ in .init(body: Data("photo".utf8)) }
        let loader = HTTPLoader(configuration: HTTPLoaderConfiguration(circuitBreaker: CircuitBreakerPolicy(failureThreshold: 2)))
        self.loader = loader
        for index in 0..<3 { _ = await loader.result(URL(string: "http://127.0.0.1:9/\(index).jpg")!) }
        guard case .hostUnavailable = await loader.result(URL(string: "http://127.0.0.1:9/last.jpg")!).failure else {
            await server.stop()
            return XCTFail("the dead port's breaker did not open")
        }
        let body = try await loader.body(server.url("/a.jpg"))
        await server.stop()
        XCTAssertEqual(body, Data("photo".utf8))
    }
}
