import Foundation
import NIOHTTP1
import SepiaDemoContent
import SepiaImaging
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// Previews of progressive photos while they download, from a loopback server that sends them
/// slowly: a progressive JPEG and an interlaced PNG made by ImageMagick.
final class PipelinePreviewTests: XCTestCase {
    private var server: ScriptedHTTPServer!
    private var loader: HTTPLoader!
    /// The bodies the server sends, by path.
    private let bodies = Locked([String: Data]())

    override func setUp() async throws {
        let bodies = bodies
        server = try await ScriptedHTTPServer.start { request in
            guard let body = bodies.withLock({ $0[request.uri] }) else { return .init(status: .notFound) }
            // About 2 KB every 20 ms: a 60 KB photo takes 0.6 s.
            return .init(headers: [("Content-Type", "image/jpeg")], body: body, pace: (2048, 0.02))
        }
        loader = HTTPLoader()
    }

    override func tearDown() async throws {
        await loader?.shutdown()
        await server?.stop()
    }

    /// A 640×480 photo-like scene converted by ImageMagick with `arguments` (`-interlace …`).
    private static func converted(_ arguments: [String], to format: String) throws -> Data {
        let png = try ImageEncoder.encode(PhotoGenerator(seed: 21).render(width: 640, height: 480), as: .png)
        return try DebianTool.run("convert", ["png:-"] + arguments + ["\(format):-"], input: Data(png), package: "imagemagick")
    }

    private func serve(_ body: Data, at path: String) -> URL {
        bodies.withLock { $0[path] = body }
        return server.url(path)
    }

    private func pipeline(previews: PreviewPolicy?) -> PhotoPipeline {
        var configuration = PhotoPipelineConfiguration()
        configuration.previews = previews
        return PhotoPipeline(loader: loader, configuration: configuration)
    }

    /// What a task's observer saw, in the order a serial queue ran it.
    private enum Event: Sendable {
        case preview(ProgressivePreview)
        case ended(Result<RGBAImage, PhotoError>)
    }

    /// Loads the original of `url` and gathers its previews and its end, both on one serial queue.
    private func events(of url: URL, in pipeline: PhotoPipeline) async -> [Event] {
        let queue = DispatchQueue(label: "previews test")
        let task = pipeline.original(for: PhotoRequest(url: url))
        let seen = Locked([Event]())
        task.onPreview(on: queue) { preview in seen.withLock { $0.append(.preview(preview)) } }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            task.onFinish(on: queue) { result in
                seen.withLock { $0.append(.ended(result)) }
                done.resume()
            }
        }
        return seen.withLock { $0 }
    }

    func testAProgressiveJPEGShowsPreviewsBeforeThePhoto() async throws {
        let url = serve(try Self.converted(["-quality", "90", "-interlace", "JPEG"], to: "jpg"), at: "/progressive.jpg")
        let policy = PreviewPolicy(box: PixelSize(width: 160, height: 120))
        let events = await events(of: url, in: pipeline(previews: policy))

        guard case .ended(.success(let photo))? = events.last else { return XCTFail("\(events)") }
        let previews = events.compactMap { if case .preview(let preview) = $0 { preview } else { nil } }
        XCTAssertFalse(previews.isEmpty, "a 0.6 s download of ten scans shows a preview")
        XCTAssertLessThanOrEqual(previews.count, policy.maximumCount)
        XCTAssertEqual(previews.map(\.completeUnits), previews.map(\.completeUnits).sorted(), "each shows more")
        XCTAssertEqual(Set(previews.map(\.completeUnits)).count, previews.count)
        let fitted = photo.resized(toFit: policy.box)
        for preview in previews {
            XCTAssertEqual(preview.image.size, fitted.size)
            XCTAssertLessThan(preview.image.meanAbsoluteDifference(against: fitted), 12, "\(preview.completeUnits) scans")
        }
    }

    func testAnInterlacedPNGShowsPreviewsBeforeThePhoto() async throws {
        let url = serve(try Self.converted(["-interlace", "PNG"], to: "png"), at: "/interlaced.png")
        let events = await events(of: url, in: pipeline(previews: PreviewPolicy(box: PixelSize(width: 160, height: 120))))

        guard case .ended(.success)? = events.last else { return XCTFail("\(events)") }
        let previews = events.compactMap { if case .preview(let preview) = $0 { preview } else { nil } }
        XCTAssertFalse(previews.isEmpty)
        XCTAssertTrue(previews.allSatisfy { $0.format == .png })
    }

    func testNoPreviewsWhenThePolicyIsOffOrThePhotoIsBaseline() async throws {
        let progressive = serve(try Self.converted(["-quality", "90", "-interlace", "JPEG"], to: "jpg"), at: "/p.jpg")
        let baseline = serve(try Self.converted(["-quality", "90"], to: "jpg"), at: "/b.jpg")
        for (url, previews) in [(progressive, nil), (baseline, PreviewPolicy())] {
            let events = await events(of: url, in: pipeline(previews: previews))
            XCTAssertEqual(events.count, 1, "\(url.path): only the end")
            guard case .ended(.success)? = events.last else { return XCTFail("\(events)") }
        }
    }

    func testCancellingTheTaskStopsItsPreviews() async throws {
        let url = serve(try Self.converted(["-quality", "90", "-interlace", "JPEG"], to: "jpg"), at: "/cancelled.jpg")
        let pipeline = pipeline(previews: PreviewPolicy())
        let task = pipeline.original(for: PhotoRequest(url: url))
        let first = Locked<CheckedContinuation<Void, Never>?>(nil)
        let afterCancel = Locked(0)
        let cancelled = Locked(false)
        await withCheckedContinuation { continuation in
            first.withLock { $0 = continuation }
            task.onPreview(on: .global()) { _ in
                if cancelled.withLock({ $0 }) { afterCancel.withLock { $0 += 1 } }
                first.withLock { continuation in
                    continuation?.resume()
                    continuation = nil
                }
            }
        }
        cancelled.withLock { $0 = true }
        task.cancel()
        XCTAssertEqual(task.result.map { if case .failure(.cancelled) = $0 { true } else { false } }, true)
        XCTAssertNil(task.latestPreview)
        // The rest of the body would have taken about half a second and made more previews.
        try await Task.sleep(for: .milliseconds(800))
        XCTAssertEqual(afterCancel.withLock { $0 }, 0)
        XCTAssertEqual(pipeline.downloadQueue.counters.running + pipeline.filtrationQueue.counters.running, 0)
    }

    func testADamagedScanShowsNoPreviewFromItAndThePhotoFailsWithItsReason() async throws {
        var jpeg = [UInt8](try Self.converted(["-quality", "90", "-interlace", "JPEG"], to: "jpg"))
        // An SOS header from the third scan on names a component the frame does not have.
        let scans = zip(jpeg.indices, jpeg.indices.dropFirst()).filter { jpeg[$0.0] == 0xFF && jpeg[$0.1] == 0xDA }.map(\.0)
        let third = scans[2]
        jpeg[third + 5] = 0x7F  // the first component selector of that scan
        let url = serve(Data(jpeg), at: "/damaged.jpg")
        let events = await events(of: url, in: pipeline(previews: PreviewPolicy()))

        guard case .ended(.failure(.decoding))? = events.last else { return XCTFail("\(events)") }
        for case .preview(let preview) in events { XCTAssertLessThan(preview.completeUnits, 3, "no preview past the damage") }
    }
}
