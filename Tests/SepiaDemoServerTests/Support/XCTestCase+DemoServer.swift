import SepiaDemoServer
import XCTest

extension XCTestCase {
    /// Starts a server with `configuration`, runs `body` with it and stops it, also when
    /// `body` throws.
    func withServer(
        _ configuration: DemoServerConfiguration = .small(),
        _ body: (DemoPhotoServer) async throws -> Void
    ) async throws {
        let server = try await DemoPhotoServer.start(configuration)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Polls `condition` until it holds, failing the test if it still does not after `timeout`
    /// (generous: the machine may be loaded).
    func waitUntil(
        timeout: Duration = .seconds(30),
        _ description: String,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ condition: () -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else {
                XCTFail("Timed out waiting until \(description)", file: file, line: line)
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
