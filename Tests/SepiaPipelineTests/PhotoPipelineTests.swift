import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// The pipeline against the in-process demo server: sharing, cancelling, caching and
/// priorities of tasks, the async front and the typed error.
final class PhotoPipelineTests: XCTestCase {
    private var server: DemoPhotoServer!
    private var loader: HTTPLoader!
    private var pipeline: PhotoPipeline!

    private func start(
        _ configuration: DemoServerConfiguration = DemoServerConfiguration(
            photoCount: 2, photoSize: PixelSize(width: 160, height: 120)),
        pipeline pipelineConfiguration: PhotoPipelineConfiguration = PhotoPipelineConfiguration()
    ) async throws {
        server = try await DemoPhotoServer.start(configuration)
        loader = HTTPLoader()
        pipeline = PhotoPipeline(loader: loader, configuration: pipelineConfiguration)
    }

    override func tearDown() async throws {
        pipeline?.resume()
        await loader?.shutdown()
        await server?.stop()
    }

    private func photo(_ index: Int = 0) throws -> (url: URL, path: String) {
        let entry = server.catalog.photos[index]
        return (try XCTUnwrap(server.url(for: entry)), try XCTUnwrap(entry.path))
    }

    /// The task's result, through the callback form the list controller uses.
    private func result(of task: PhotoTask<RGBAImage>) async -> Result<RGBAImage, PhotoError> {
        await withCheckedContinuation { continuation in
            task.onFinish(on: .global()) { continuation.resume(returning: $0) }
        }
    }

    private func image(of task: PhotoTask<RGBAImage>, file: StaticString = #filePath, line: UInt = #line) async -> RGBAImage? {
        let outcome = await await result(of: task)
        guard case .success(let image) = outcome else {
            XCTFail("expected an image, got \(outcome)", file: file, line: line)
            return nil
        }
        return image
    }

    private func request(_ url: URL, decoding size: PixelSize? = nil, priority: PhotoPriority = .normal) -> PhotoRequest {
        PhotoRequest(url: url, processing: PhotoProcessing(fitting: size), priority: priority)
    }

    func testTwoRequestsForOneURLShareOneDownload() async throws {
        try await start()
        let (url, path) = try photo()
        pipeline.suspend()
        let first = pipeline.original(for: request(url))
        let second = pipeline.original(for: request(url))
        XCTAssertEqual(pipeline.inFlightCount, 1, "the second request joins the first one's work")
        pipeline.resume()
        let firstImage = await image(of: first)
        XCTAssertEqual(firstImage?.size, PixelSize(width: 160, height: 120))
        let secondImage = await image(of: second)
        XCTAssertEqual(secondImage, firstImage)
        XCTAssertEqual(server.counters.requests(forPath: path), 1)
        try await waitUntil("finished work is forgotten") { pipeline.inFlightCount == 0 }
    }

    func testCancellingOneOfTwoRequestsKeepsTheOtherGoing() async throws {
        try await start()
        let (url, path) = try photo()
        pipeline.suspend()
        let cancelled = pipeline.original(for: request(url))
        let kept = pipeline.original(for: request(url))
        cancelled.cancel()
        let ended = await result(of: cancelled)
        XCTAssertTrue(ended.isCancelled, "a cancelled request reports it at once")
        pipeline.resume()
        let keptImage = await image(of: kept)
        XCTAssertNotNil(keptImage)
        XCTAssertEqual(cancelled.result?.isCancelled, true, "the shared success does not reach a cancelled task")
        XCTAssertEqual(server.counters.requests(forPath: path), 1)
    }

    func testCancellingEveryRequestCancelsTheDownload() async throws {
        try await start(
            DemoServerConfiguration(
                photoCount: 1, photoSize: PixelSize(width: 800, height: 600), includesBrokenEntries: false, bandwidth: 4_000))
        let (url, path) = try photo()
        let first = pipeline.original(for: request(url))
        let second = pipeline.original(for: request(url))
        try await waitUntil("the body starts to arrive") { server.counters.bodyBytesSent > 0 }
        first.cancel()
        second.cancel()
        let firstEnded = await result(of: first)
        let secondEnded = await result(of: second)
        XCTAssertTrue(firstEnded.isCancelled)
        XCTAssertTrue(secondEnded.isCancelled)
        try await waitUntil("the server sees the connection end") { server.counters.cutBodies == 1 }
        XCTAssertEqual(pipeline.inFlightCount, 0, "abandoned work is forgotten")
        XCTAssertEqual(server.counters.requests(forPath: path), 1)
    }

    func testAnotherRequestAfterCompletionComesFromTheMemoryCache() async throws {
        try await start()
        let (url, path) = try photo()
        let downloaded = await image(of: pipeline.original(for: request(url)))
        let again = pipeline.original(for: request(url))
        guard case .success(let cached)? = again.result else {
            return XCTFail("a cache hit must have ended when it is returned: \(String(describing: again.result))")
        }
        XCTAssertEqual(cached, downloaded)
        let againImage = await image(of: again)
        XCTAssertNotNil(againImage, "handlers still run for a request that ended at once")
        XCTAssertEqual(server.counters.requests(forPath: path), 1)
    }

    func testDifferentDecodingOptionsAreDifferentOriginals() async throws {
        try await start()
        let (url, path) = try photo()
        let full = await image(of: pipeline.original(for: request(url)))
        let small = await image(of: pipeline.original(for: request(url, decoding: PixelSize(width: 40, height: 30))))
        XCTAssertEqual(full?.size, PixelSize(width: 160, height: 120))
        XCTAssertEqual(small?.size, PixelSize(width: 40, height: 30), "decoded at 1/4 scale")
        XCTAssertEqual(server.counters.requests(forPath: path), 2, "no disk cache: each decoding downloads")
    }

    func testProcessedAfterOriginalDownloadsNothingAndIsCached() async throws {
        try await start()
        let (url, _) = try photo()
        let thumbnail = request(url, decoding: PixelSize(width: 80, height: 80))
        let loadedOriginal = await image(of: pipeline.original(for: thumbnail))
        let original = try XCTUnwrap(loadedOriginal)
        let requestsAfterDownload = server.counters.totalRequests
        let loadedProcessed = await image(of: pipeline.task(for: thumbnail))
        let processed = try XCTUnwrap(loadedProcessed)
        XCTAssertEqual(processed.size, PixelSize(width: 80, height: 60))
        XCTAssertEqual(processed, original.applying(.sepia(intensity: 0.8)).resized(toFit: PixelSize(width: 80, height: 80)))
        let again = pipeline.task(for: thumbnail)
        XCTAssertEqual(try again.result?.get(), processed, "the second one comes from the memory cache")
        XCTAssertEqual(server.counters.totalRequests, requestsAfterDownload)
    }

    func testTheSharedWorkRunsAtTheHighestPriorityOfItsLiveRequests() async throws {
        try await start()
        let (url, _) = try photo()
        pipeline.suspend()
        let prefetch = pipeline.original(for: request(url, priority: .low))
        XCTAssertEqual(prefetch.workQueuePriority, .low)
        let visible = pipeline.original(for: request(url, priority: .high))
        XCTAssertEqual(prefetch.workQueuePriority, .high, "joining raises the shared priority")
        visible.priority = .veryHigh
        XCTAssertEqual(prefetch.workQueuePriority, .veryHigh, "a change while waiting is applied")
        visible.cancel()
        XCTAssertEqual(prefetch.workQueuePriority, .low, "a cancelled request no longer counts")
        prefetch.priority = .normal
        XCTAssertEqual(prefetch.workQueuePriority, .normal)
        pipeline.resume()
        let prefetchImage = await image(of: prefetch)
        XCTAssertNotNil(prefetchImage)
    }

    func testAMissingPhotoReportsWhy() async throws {
        try await start()
        let entry = try XCTUnwrap(server.catalog.entry(ofKind: .notFound))
        let url = try XCTUnwrap(server.url(for: entry))
        guard case .failure(let error) = await result(of: pipeline.task(for: request(url))) else { return XCTFail("a 404 must fail") }
        guard case .download(.status(code: 404, _, _)) = error else { return XCTFail("expected the HTTP status, got \(error)") }
        let reason = error.description
        XCTAssertTrue(reason.contains("HTTP 404"), reason)
        XCTAssertFalse(reason.contains("input failed"), "the root cause, not the decode step's wrapper: \(reason)")
    }

    func testARequestAfterEveryOtherWasCancelledStartsAfresh() async throws {
        try await start()
        let (url, path) = try photo()
        pipeline.suspend()
        let abandoned = pipeline.original(for: request(url))
        abandoned.cancel()
        let fresh = pipeline.original(for: request(url))
        pipeline.resume()
        let ended = await result(of: abandoned)
        XCTAssertTrue(ended.isCancelled)
        let freshImage = await image(of: fresh)
        XCTAssertNotNil(freshImage, "must not join the cancelled work")
        XCTAssertEqual(server.counters.requests(forPath: path), 1, "the cancelled download never reached the server")
    }

    func testARaisedPriorityRunsFirst() async throws {
        let log = Locked<[String]>([])
        try await start(
            DemoServerConfiguration(
                photoCount: 2, photoSize: PixelSize(width: 160, height: 120),
                requestLogger: { line in
                    log.withLock { $0.append(line) }
                }),
            pipeline: PhotoPipelineConfiguration(maxConcurrentDownloads: 1))
        let (first, firstPath) = try photo(0)
        let (second, secondPath) = try photo(1)
        pipeline.suspend()
        let early = pipeline.original(for: request(first, priority: .low))
        let late = pipeline.original(for: request(second, priority: .low))
        late.priority = .veryHigh
        pipeline.resume()
        let earlyImage = await image(of: early)
        XCTAssertNotNil(earlyImage)
        let lateImage = await image(of: late)
        XCTAssertNotNil(lateImage)
        let lines = log.withLock { $0 }
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.first?.contains(secondPath) == true, "the raised request is downloaded first: \(lines)")
        XCTAssertTrue(lines.last?.contains(firstPath) == true, "\(lines)")
    }

    func testNothingOutlivesItsRequests() async throws {
        try await start()
        let (url, _) = try photo()
        weak var finished: PhotoTask<RGBAImage>?
        weak var abandoned: PhotoTask<RGBAImage>?
        do {
            let request = pipeline.original(for: request(url))
            finished = request
            let requestImage = await image(of: request)
            XCTAssertNotNil(requestImage)
        }
        do {
            pipeline.suspend()
            let request = pipeline.original(for: request(URL(string: "\(url.absoluteString)?other")!))
            abandoned = request
            request.cancel()
            pipeline.resume()
            let ended = await result(of: request)
            XCTAssertTrue(ended.isCancelled)
        }
        try await waitUntil("finished and abandoned work is released") {
            finished == nil && abandoned == nil && pipeline.inFlightCount == 0
        }
    }
}
