import Foundation
import SepiaDemoContent
import SepiaDemoServer
import SepiaImaging
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// The async front of the pipeline: awaiting a photo, cancelling through the Swift task,
/// progress as a sequence, a custom loader, exports and the typed error.
final class PhotoPipelineAsyncTests: XCTestCase {
    private var server: DemoPhotoServer?
    private var loader: HTTPLoader?

    override func tearDown() async throws {
        await loader?.shutdown()
        await server?.stop()
    }

    /// A pipeline over a demo server of one photo at `bandwidth` bytes a second.
    private func start(size: PixelSize = PixelSize(width: 160, height: 120), bandwidth: Int? = nil) async throws -> (PhotoPipeline, URL) {
        let server = try await DemoPhotoServer.start(
            DemoServerConfiguration(
                photoCount: 1, photoSize: size, includesBrokenEntries: false, bandwidth: bandwidth))
        let loader = HTTPLoader()
        self.server = server
        self.loader = loader
        return (PhotoPipeline(loader: loader), try XCTUnwrap(server.url(for: server.catalog.photos[0])))
    }

    func testAwaitingAPhotoGivesTheProcessedPhoto() async throws {
        let (pipeline, url) = try await start()
        let processing = PhotoProcessing(filter: .sepia, fitting: PixelSize(width: 80, height: 80))
        let photo = try await pipeline.photo(for: PhotoRequest(url: url, processing: processing))
        let original = try await pipeline.original(for: PhotoRequest(url: url, processing: processing)).value
        XCTAssertEqual(photo.size, PixelSize(width: 80, height: 60))
        XCTAssertEqual(photo, original.applying(.sepia(intensity: 0.8)).resized(toFit: PixelSize(width: 80, height: 80)))
    }

    func testCancellingTheSwiftTaskCancelsTheDownloadAndItsConnection() async throws {
        let (pipeline, url) = try await start(size: PixelSize(width: 800, height: 600), bandwidth: 4_000)
        let server = try XCTUnwrap(server)
        let waiting = Task { try await pipeline.photo(for: PhotoRequest(url: url)) }
        try await waitUntil("the body starts to arrive") { server.counters.bodyBytesSent > 0 }
        waiting.cancel()
        do {
            _ = try await waiting.value
            XCTFail("a cancelled task must not give a photo")
        } catch let error as PhotoError {
            XCTAssertEqual(error, .cancelled)
        }
        try await waitUntil("the server sees the connection end") { server.counters.cutBodies == 1 }
        try await waitUntil("the cancelled work is forgotten") { pipeline.inFlightCount == 0 }
    }

    func testProgressArrivesAsASequenceThatEndsWithTheTask() async throws {
        let (pipeline, url) = try await start(size: PixelSize(width: 400, height: 300), bandwidth: 40_000)
        let task = pipeline.task(for: PhotoRequest(url: url))
        var seen: [DownloadProgress] = []
        for await progress in task.progress { seen.append(progress) }
        XCTAssertNotNil(task.result, "the sequence ends when the task does")
        XCTAssertGreaterThan(seen.count, 1, "a slow body reports its progress more than once")
        XCTAssertEqual(seen.map(\.received), seen.map(\.received).sorted(), "bytes only grow")
        let last = try XCTUnwrap(seen.last)
        XCTAssertEqual(last.received, last.expected, "the whole announced body arrived")
        _ = try await task.value
    }

    func testACustomLoaderTakesTheHTTPLoadersPlace() async throws {
        let photo = PhotoGenerator(seed: 3).render(width: 64, height: 48)
        let bytes = Data(try ImageEncoder.encode(photo, as: .png))
        let memory = MemoryLoader(files: ["photos/one.png": bytes])
        let pipeline = PhotoPipeline(loader: memory)
        let loaded = try await pipeline.photo(
            for: PhotoRequest(url: URL(string: "memory:photos/one.png")!, processing: PhotoProcessing(filter: .none)))
        XCTAssertEqual(loaded, photo)
        do {
            _ = try await pipeline.photo(for: PhotoRequest(url: URL(string: "memory:photos/two.png")!))
            XCTFail("a missing photo must fail")
        } catch {
            XCTAssertEqual(error, .processing("no photos/two.png in memory"), "the loader's own error reaches the caller")
        }
        XCTAssertEqual(memory.loads, 2)
    }

    func testAnExportWritesEachFileAndFailsOnlyTheFileThatCannotBeWritten() async throws {
        let folder = try makeTemporaryCacheDirectory()
        let source = folder.appendingPathComponent("source.jpg")
        try Data(ImageEncoder.encode(PhotoGenerator(seed: 1).render(width: 160, height: 120), as: .jpeg(quality: 90))).write(to: source)
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let pipeline = PhotoPipeline(loader: HTTPLoader())
        let good = folder.appendingPathComponent("out.png")
        let export = try await pipeline.export(
            PhotoRequest(url: source, processing: PhotoProcessing(fitting: PixelSize(width: 80, height: 80))),
            as: .png, to: [good, blocker.appendingPathComponent("out.png")]
        ).value
        XCTAssertEqual(try export.files[0].get(), good)
        XCTAssertEqual(try ImageDecoder.decode(Data(contentsOf: good)).image.size, PixelSize(width: 80, height: 60))
        guard case .failure(.saving(let reason)) = export.files[1] else { return XCTFail("\(export.files[1])") }
        XCTAssertTrue(reason.contains("cannot write"), reason)
        XCTAssertEqual(export.pixelCount, 160 * 120 / 4, "decoded at half size for the 80×80 box")
    }

    func testAnExportOfAPhotoThatCannotBeHadFailsEveryFileWithTheRootCause() async throws {
        let folder = try makeTemporaryCacheDirectory()
        let missing = folder.appendingPathComponent("missing.jpg")
        let pipeline = PhotoPipeline(loader: HTTPLoader())
        let export = try await pipeline.export(PhotoRequest(url: missing), as: .png, to: [folder.appendingPathComponent("a.png")]).value
        guard case .failure(.unreadableFile(let path, _)) = export.files[0] else { return XCTFail("\(export.files[0])") }
        XCTAssertEqual(path, missing.path)
    }

    /// An export to no file ends at once instead of waiting for a last file that never comes.
    func testAnExportToNoFileEndsAtOnceAndDownloadsNothing() async throws {
        let loader = MemoryLoader(files: [:])
        let pipeline = PhotoPipeline(loader: loader)
        let task = pipeline.export(PhotoRequest(url: URL(string: "memory:photos/one.png")!), as: .png, to: [])
        XCTAssertNotNil(task.result, "ended when returned")
        let export = try await task.value
        XCTAssertTrue(export.files.isEmpty)
        XCTAssertEqual(loader.loads, 0)
    }

    func testErrorsOfAChainAreReportedByTheirRootCause() {
        let status = HTTPLoadError.status(code: 404, reason: "Not Found", retryAfter: nil)
        XCTAssertEqual(PhotoError(DependencyError.inputFailed(DependencyError.inputFailed(status))), .download(status))
        XCTAssertEqual(PhotoError(DependencyError.inputCancelled), .cancelled)
        XCTAssertEqual(PhotoError(HTTPLoadError.cancelled), .cancelled)
        XCTAssertEqual(PhotoError(ImageDecodingError.empty), .decoding(.empty))
        guard case .processing(let reason) = PhotoError(CocoaError(.fileNoSuchFile)) else {
            return XCTFail("an error of another kind is a processing error with its description")
        }
        XCTAssertEqual(reason, String(describing: CocoaError(.fileNoSuchFile)))
        XCTAssertEqual(PhotoError(DependencyError.inputFailed(status)).description, "HTTP 404 Not Found")
    }

}

/// A loader of photos kept in memory, by the path of a `memory:` URL: what a user plugs in
/// for another transport.
private final class MemoryLoader: PhotoDataLoading {
    private struct NothingToCancel: CancellableLoad {
        func cancel() {}
    }

    let maximumBodySize = 1 << 20
    private let files: [String: Data]
    private let count = Locked(0)

    init(files: [String: Data]) {
        self.files = files
    }

    var loads: Int { count.withLock { $0 } }

    func loadData(
        from url: URL, limit: Int?, progress: (@Sendable (Int, Int?) -> Void)?,
        completion: @escaping @Sendable (Result<Data, PhotoError>) -> Void
    ) -> any CancellableLoad {
        count.withLock { $0 += 1 }
        let path = url.absoluteString.replacingOccurrences(of: "memory:", with: "")
        completion(files[path].map { .success($0) } ?? .failure(.processing("no \(path) in memory")))
        return NothingToCancel()
    }
}
