import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaTestSupport
import XCTest

/// The catalog's animated photo: an animated WebP of frames panning across one scene, which
/// libwebp's own `webpmux` reads as the same animation Sepia does.
final class AnimatedPhotoTests: XCTestCase {
    func testTheThirdPhotoIsAnAnimatedWebPThatPansAcrossItsScene() async throws {
        try await withServer { server in
            let entry = server.catalog.photos[DemoCatalog.animatedNumber - 1]
            XCTAssertEqual(entry.kind, .animated)
            XCTAssertEqual(entry.path, "/photos/\(DemoCatalog.animatedNumber).webp")
            let response = try await fetch(try XCTUnwrap(server.url(for: entry)))
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.contentType, "image/webp")

            let animation = try ImageAnimation(response.body)
            XCTAssertEqual(animation.format, .webp)
            XCTAssertEqual(animation.canvasSize, PixelSize(width: 48, height: 32))
            XCTAssertEqual(animation.loopCount, 0, "forever")
            var frames: [AnimationFrame] = []
            while let frame = try animation.nextFrame() { frames.append(frame) }
            XCTAssertEqual(frames.count, 8)
            XCTAssertEqual(Set(frames.map(\.duration)), [150])
            for (earlier, later) in zip(frames, frames.dropFirst()) {
                XCTAssertNotEqual(earlier.image, later.image, "frame \(later.index) pans")
            }

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-animated-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(response.body).write(to: folder.appendingPathComponent("animated.webp"))
            let info = String(
                decoding: try DebianTool.run("webpmux", ["-info", "animated.webp"], in: folder, package: "webp"), as: UTF8.self)
            XCTAssertTrue(info.contains("Number of frames: 8"), info)
            XCTAssertTrue(info.contains("Loop Count : 0") || info.contains("Loop Count: 0"), info)
        }
    }
}
