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
}
