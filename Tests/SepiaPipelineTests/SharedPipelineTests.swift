import Foundation
import SepiaImaging
import XCTest

@testable import SepiaPipeline

/// The shared loader and pipeline need no lifecycle code: shutting the shared loader down leaves
/// it working for the rest of the process, and the shared pipeline loads over it.
final class SharedPipelineTests: XCTestCase {
    func testTheSharedLoaderOutlivesAShutdownAndStillDownloads() async throws {
        let server = try await ScriptedHTTPServer.start { _ in .init(body: Data("photo".utf8)) }
        await HTTPLoader.shared.shutdown()
        let body = try await withCheckedContinuation { continuation in
            _ = HTTPLoader.shared.load(server.url("/photo")) { continuation.resume(returning: $0) }
        }.get()
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "photo")
        await server.stop()
    }

    func testTheSharedPipelineLoadsOverTheSharedLoader() async throws {
        XCTAssertTrue(PhotoPipeline.shared.loader as? HTTPLoader === HTTPLoader.shared)
        let grey = RGBAImage(width: 64, height: 48, red: 200, green: 200, blue: 200)
        let server = try await ScriptedHTTPServer.start { _ in
            .init(headers: [("Content-Type", "image/png")], body: Data(try! ImageEncoder.encode(grey, as: .png)))
        }
        let photo = try await PhotoPipeline.shared.photo(for: PhotoRequest(url: server.url("/grey.png")))
        XCTAssertEqual(photo.size, PixelSize(width: 64, height: 48))
        let centre = photo.pixel(x: 32, y: 24)
        XCTAssertGreaterThan(centre.red, centre.blue, "sepia-toned, as the default request asks")
        await server.stop()
    }
}
