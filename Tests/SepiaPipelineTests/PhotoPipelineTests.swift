import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaOperations
@testable import SepiaPipeline
import SepiaTestSupport
import XCTest

/// The pipeline facade against the in-process demo server: sharing, cancelling, caching and
/// priorities of requests.
final class PhotoPipelineTests: XCTestCase {
    private var server: DemoPhotoServer!
    private var loader: HTTPLoader!
    private var pipeline: PhotoPipeline!

    private func start(_ configuration: DemoServerConfiguration = DemoServerConfiguration(
        photoCount: 2, photoSize: PixelSize(width: 160, height: 120)),
        pipeline pipelineConfiguration: PhotoPipelineConfiguration = PhotoPipelineConfiguration()) throws {
        server = try DemoPhotoServer.startBlocking(configuration)
        loader = HTTPLoader()
        pipeline = PhotoPipeline(loader: loader, configuration: pipelineConfiguration)
    }

    override func tearDown() {
        pipeline?.resume()
        loader?.shutdown()
        server?.stopBlocking()
    }

    private func photo(_ index: Int = 0) throws -> (url: URL, path: String) {
        let entry = server.catalog.photos[index]
        return (try XCTUnwrap(server.url(for: entry)), try XCTUnwrap(entry.path))
    }

    private func result(of request: PhotoRequest<RGBAImage>) -> PhotoResult<RGBAImage>? {
        let finished = expectation(description: "request finished")
        let result = Locked<PhotoResult<RGBAImage>?>(nil)
        request.onFinish(on: .global()) { outcome in
            result.withLock { $0 = outcome }
            finished.fulfill()
        }
        wait(for: [finished], timeout: 60)
        return result.withLock { $0 }
    }

    private func image(of request: PhotoRequest<RGBAImage>, file: StaticString = #filePath, line: UInt = #line) -> RGBAImage? {
        let outcome = result(of: request)
        guard case .success(let image)? = outcome else {
            XCTFail("expected an image, got \(String(describing: outcome))", file: file, line: line)
            return nil
        }
        return image
    }

    private func isCancelled(_ result: PhotoResult<RGBAImage>?) -> Bool {
        if case .cancelled? = result { return true }
        return false
    }

    func testTwoRequestsForOneURLShareOneDownload() throws {
        try start()
        let (url, path) = try photo()
        pipeline.suspend()
        let first = pipeline.original(for: url)
        let second = pipeline.original(for: url)
        XCTAssertEqual(pipeline.inFlightCount, 1, "the second request joins the first one's work")
        pipeline.resume()
        let firstImage = image(of: first)
        XCTAssertEqual(firstImage?.size, PixelSize(width: 160, height: 120))
        XCTAssertEqual(image(of: second), firstImage)
        XCTAssertEqual(server.counters.requests(forPath: path), 1)
        try waitUntil("finished work is forgotten") { pipeline.inFlightCount == 0 }
    }

    func testCancellingOneOfTwoRequestsKeepsTheOtherGoing() throws {
        try start()
        let (url, path) = try photo()
        pipeline.suspend()
        let cancelled = pipeline.original(for: url)
        let kept = pipeline.original(for: url)
        cancelled.cancel()
        XCTAssertTrue(isCancelled(result(of: cancelled)), "a cancelled request reports it at once")
        pipeline.resume()
        XCTAssertNotNil(image(of: kept))
        XCTAssertTrue(isCancelled(cancelled.result), "the shared success does not reach a cancelled request")
        XCTAssertEqual(server.counters.requests(forPath: path), 1)
    }

    func testCancellingEveryRequestCancelsTheDownload() throws {
        try start(DemoServerConfiguration(
            photoCount: 1, photoSize: PixelSize(width: 800, height: 600), includesBrokenEntries: false, bandwidth: 4_000))
        let (url, path) = try photo()
        let first = pipeline.original(for: url)
        let second = pipeline.original(for: url)
        try waitUntil("the body starts to arrive") { server.counters.bodyBytesSent > 0 }
        first.cancel()
        second.cancel()
        XCTAssertTrue(isCancelled(result(of: first)))
        XCTAssertTrue(isCancelled(result(of: second)))
        try waitUntil("the server sees the connection end") { server.counters.cutBodies == 1 }
        XCTAssertEqual(pipeline.inFlightCount, 0, "abandoned work is forgotten")
        XCTAssertEqual(server.counters.requests(forPath: path), 1)
    }

    func testAnotherRequestAfterCompletionComesFromTheMemoryCache() throws {
        try start()
        let (url, path) = try photo()
        let downloaded = image(of: pipeline.original(for: url))
        let again = pipeline.original(for: url)
        guard case .success(let cached)? = again.result else {
            return XCTFail("a cache hit must have ended when it is returned: \(String(describing: again.result))")
        }
        XCTAssertEqual(cached, downloaded)
        XCTAssertNotNil(image(of: again), "handlers still run for a request that ended at once")
        XCTAssertEqual(server.counters.requests(forPath: path), 1)
    }

    func testDifferentDecodingOptionsAreDifferentOriginals() throws {
        try start()
        let (url, path) = try photo()
        let full = image(of: pipeline.original(for: url))
        let small = image(of: pipeline.original(for: url, decoding: ImageDecodingOptions(targetSize: PixelSize(width: 40, height: 30))))
        XCTAssertEqual(full?.size, PixelSize(width: 160, height: 120))
        XCTAssertEqual(small?.size, PixelSize(width: 40, height: 30), "decoded at 1/4 scale")
        XCTAssertEqual(server.counters.requests(forPath: path), 2, "no disk cache: each decoding downloads")
    }

    func testProcessedAfterOriginalDownloadsNothingAndIsCached() throws {
        try start()
        let (url, _) = try photo()
        let original = try XCTUnwrap(image(of: pipeline.original(for: url)))
        let requestsAfterDownload = server.counters.totalRequests
        let processing = PhotoProcessing(filter: .sepia, fitting: PixelSize(width: 80, height: 80))
        let processed = try XCTUnwrap(image(of: pipeline.processed(original, of: url, processing: processing)))
        XCTAssertEqual(processed.size, PixelSize(width: 80, height: 60))
        XCTAssertEqual(processed, original.applying(.sepia(intensity: 0.8)).resized(toFit: PixelSize(width: 80, height: 80)))
        let again = pipeline.processed(original, of: url, processing: processing)
        XCTAssertEqual(again.result?.value, processed, "the second one comes from the memory cache")
        XCTAssertEqual(server.counters.totalRequests, requestsAfterDownload)
    }

    func testTheSharedWorkRunsAtTheHighestPriorityOfItsLiveRequests() throws {
        try start()
        let (url, _) = try photo()
        pipeline.suspend()
        let prefetch = pipeline.original(for: url, priority: .low)
        XCTAssertEqual(prefetch.workQueuePriority, .low)
        let visible = pipeline.original(for: url, priority: .high)
        XCTAssertEqual(prefetch.workQueuePriority, .high, "joining raises the shared priority")
        visible.priority = .veryHigh
        XCTAssertEqual(prefetch.workQueuePriority, .veryHigh, "a change while waiting is applied")
        visible.cancel()
        XCTAssertEqual(prefetch.workQueuePriority, .low, "a cancelled request no longer counts")
        prefetch.priority = .normal
        XCTAssertEqual(prefetch.workQueuePriority, .normal)
        pipeline.resume()
        XCTAssertNotNil(image(of: prefetch))
    }

    func testAMissingPhotoReportsWhy() throws {
        try start()
        let entry = try XCTUnwrap(server.catalog.entry(ofKind: .notFound))
        let url = try XCTUnwrap(server.url(for: entry))
        guard case .failure(let reason)? = result(of: pipeline.original(for: url)) else { return XCTFail("a 404 must fail") }
        XCTAssertTrue(reason.contains("HTTP 404"), reason)
        XCTAssertFalse(reason.contains("input failed"), "the root cause, not the decode step's wrapper: \(reason)")
    }

    func testARequestAfterEveryOtherWasCancelledStartsAfresh() throws {
        try start()
        let (url, path) = try photo()
        pipeline.suspend()
        let abandoned = pipeline.original(for: url)
        abandoned.cancel()
        let fresh = pipeline.original(for: url)
        pipeline.resume()
        XCTAssertTrue(isCancelled(result(of: abandoned)))
        XCTAssertNotNil(image(of: fresh), "must not join the cancelled work")
        XCTAssertEqual(server.counters.requests(forPath: path), 1, "the cancelled download never reached the server")
    }

    func testARaisedPriorityRunsFirst() throws {
        let log = Locked<[String]>([])
        try start(
            DemoServerConfiguration(photoCount: 2, photoSize: PixelSize(width: 160, height: 120), requestLogger: { line in
                log.withLock { $0.append(line) }
            }),
            pipeline: PhotoPipelineConfiguration(maxConcurrentDownloads: 1))
        let (first, firstPath) = try photo(0)
        let (second, secondPath) = try photo(1)
        pipeline.suspend()
        let early = pipeline.original(for: first, priority: .low)
        let late = pipeline.original(for: second, priority: .low)
        late.priority = .veryHigh
        pipeline.resume()
        XCTAssertNotNil(image(of: early))
        XCTAssertNotNil(image(of: late))
        let lines = log.withLock { $0 }
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.first?.contains(secondPath) == true, "the raised request is downloaded first: \(lines)")
        XCTAssertTrue(lines.last?.contains(firstPath) == true, "\(lines)")
    }

    func testNothingOutlivesItsRequests() throws {
        try start()
        let (url, _) = try photo()
        weak var finished: PhotoRequest<RGBAImage>?
        weak var abandoned: PhotoRequest<RGBAImage>?
        do {
            let request = pipeline.original(for: url)
            finished = request
            XCTAssertNotNil(image(of: request))
        }
        do {
            pipeline.suspend()
            let request = pipeline.original(for: URL(string: "\(url.absoluteString)?other")!)
            abandoned = request
            request.cancel()
            pipeline.resume()
            XCTAssertTrue(isCancelled(result(of: request)))
        }
        try waitUntil("finished and abandoned work is released") { finished == nil && abandoned == nil && pipeline.inFlightCount == 0 }
    }
}
