import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// The pipeline against the real demo server on an ephemeral loopback port.
final class PipelineServerTests: XCTestCase {
    private var server: DemoPhotoServer!
    private var loader: HTTPLoader!
    private var folder: URL!

    private func startServer(
        _ configuration: DemoServerConfiguration, loader configurationForLoader: HTTPLoaderConfiguration = HTTPLoaderConfiguration()
    ) async throws {
        server = try await DemoPhotoServer.start(configuration)
        loader = HTTPLoader(configuration: configurationForLoader)
    }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        await loader?.shutdown()
        await server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private static func small(count: Int = 6) -> DemoServerConfiguration {
        DemoServerConfiguration(photoCount: count, photoSize: PixelSize(width: 160, height: 120), slowDelay: .seconds(4))
    }

    private func manifest() async throws -> [PhotoEntry] {
        try await PhotoSource.entries(at: server.propertyListURL.absoluteString, loader: loader)
    }

    private func run(_ entries: [PhotoEntry], _ options: BatchOptions) async -> [BatchOutcome] {
        await BatchProcessor(entries: entries, options: options, loader: loader).run()
    }

    private func reason(_ outcome: BatchOutcome?) -> String? {
        outcome?.state.failureReason
    }

    private func source(_ location: String) async -> Result<[PhotoEntry], PhotoSourceError> {
        do {
            return .success(try await PhotoSource.entries(at: location, loader: loader))
        } catch {
            return .failure(error)
        }
    }

    func testFullRunWritesEveryGoodPhotoAndFailsEachBrokenEntryWithItsReason() async throws {
        // The timeout must end the slow entry (4 s) and leave the others time to be rendered by
        // the server on first request, which under the thread sanitizer on a loaded machine took
        // more than 1.5 s.
        try await startServer(Self.small(), loader: HTTPLoaderConfiguration(totalTimeout: 3))
        let entries = try await manifest()
        XCTAssertEqual(entries.count, server.catalog.entries.count)
        let outcomes = await run(entries, BatchOptions(output: folder.appendingPathComponent("out")))
        let byName = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.name, $0) })
        for photo in server.catalog.photos {
            guard case .written(let file) = byName[photo.name]?.state else {
                return XCTFail("\(photo.name): \(String(describing: byName[photo.name]))")
            }
            XCTAssertEqual(try ImageDecoder.decode(Data(contentsOf: file)).image.size, PixelSize(width: 160, height: 120))
        }
        let expectations: [DemoCatalog.Entry.Kind: String] = [
            .noURL: "NO URL", .notFound: "HTTP 404", .corrupt: "JPEG", .html: "HTML",
            .truncated: "closed the connection", .slow: "timed out",
        ]
        for (kind, fragment) in expectations {
            let entry = try XCTUnwrap(server.catalog.entry(ofKind: kind))
            let failure = try XCTUnwrap(reason(byName[entry.name]), "\(kind) should fail")
            XCTAssertTrue(failure.contains(fragment), "\(kind): \(failure)")
        }
    }

    /// Bytes that never decode (an HTML page answered with 200, a damaged JPEG) are not kept
    /// in the originals cache, or the photo would fail on every later run until --refresh.
    func testTheOriginalsCacheKeepsOnlyBytesThatDecoded() async throws {
        try await startServer(Self.small(count: 3), loader: HTTPLoaderConfiguration(totalTimeout: 1.5))
        let entries = try await manifest()
        let cache = try DiskCache(directory: folder.appendingPathComponent("cache"), sizeLimit: 64 << 20)
        let outcomes = await run(entries, BatchOptions(output: folder.appendingPathComponent("out"), originals: cache))
        XCTAssertEqual(outcomes.count, entries.count)
        let locations = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.location) })
        // Every photo written was decoded, and its bytes are kept. (A photo that timed out on a
        // loaded machine, such as under the thread sanitizer, was never decoded: not counted.)
        let written = Set(outcomes.filter(\.isDone).map(\.name))
        XCTAssertFalse(written.isEmpty, "\(outcomes)")
        for photo in server.catalog.photos where written.contains(photo.name) {
            let url = try XCTUnwrap(server.url(for: photo))
            XCTAssertNotNil(cache.data(forKey: url.absoluteString), "\(photo.name) decoded and is kept")
        }
        for kind: DemoCatalog.Entry.Kind in [.html, .corrupt] {
            let entry = try XCTUnwrap(server.catalog.entry(ofKind: kind))
            guard let url = locations[entry.name]?.url else { return XCTFail("\(kind) has no URL") }
            XCTAssertNil(cache.data(forKey: url.absoluteString), "\(kind): not kept")
        }
    }

    func testCancellingADownloadClosesTheConnection() async throws {
        var configuration = Self.small(count: 1)
        configuration.photoSize = PixelSize(width: 800, height: 600)
        configuration.bandwidth = 4_000
        try await startServer(configuration)
        // Rendered first: under the thread sanitizer on a busy machine, rendering the photo on
        // its request took longer than the wait for its first bytes.
        try await server.prepareAllPhotos()
        let url = try XCTUnwrap(server.url(for: server.catalog.photos[0]))
        let started = expectation(description: "bytes arrived")
        started.assertForOverFulfill = false
        let download = DownloadOperation(url: url, loader: loader) { received, _ in
            if received > 0 { started.fulfill() }
        }
        let finished = expectation(description: "download finished")
        download.onFinish(on: .global()) { result in
            if case .cancelled = result { finished.fulfill() }
        }
        let queue = OperationQueue()
        queue.addOperation(download)
        await fulfillment(of: [started], timeout: 30)
        download.cancel()
        await fulfillment(of: [finished], timeout: 10)
        try await waitUntil("the server sees the connection end") { server.counters.cutBodies > 0 }
        XCTAssertEqual(server.counters.cutBodies, 1, "the server must see the connection end once")
    }

    func testRowsWithTheSameURLCauseOneRequest() async throws {
        try await startServer(Self.small(count: 2))
        let photo = server.catalog.photos[0]
        let url = try XCTUnwrap(server.url(for: photo))
        let entries = [PhotoEntry(name: "One", location: .remote(url)), PhotoEntry(name: "Two", location: .remote(url))]
        let outcomes = await run(entries, BatchOptions(output: folder.appendingPathComponent("out")))
        XCTAssertEqual(outcomes.filter(\.isDone).count, 2)
        XCTAssertEqual(server.counters.requests(forPath: try XCTUnwrap(photo.path)), 1)
    }

    func testServiceUnavailableIsRetriedUntilItSucceeds() async throws {
        var configuration = Self.small(count: 8)
        configuration.includesBrokenEntries = false
        configuration.failureRate = 0.5
        try await startServer(configuration, loader: HTTPLoaderConfiguration(retry: RetryPolicy(maximumAttempts: 8, baseDelay: 0.01)))
        let outcomes = await run(try await manifest(), BatchOptions(output: folder.appendingPathComponent("out")))
        XCTAssertGreaterThan(server.counters.serviceUnavailableResponses, 0, "the seed must inject some 503s")
        XCTAssertEqual(outcomes.filter(\.isDone).count, 8, "\(outcomes)")
    }

    func testPersistentFailureGivesUpAfterTheLastAttempt() async throws {
        var configuration = Self.small(count: 1)
        configuration.includesBrokenEntries = false
        configuration.failureRate = 1
        try await startServer(configuration, loader: HTTPLoaderConfiguration(retry: RetryPolicy(maximumAttempts: 3, baseDelay: 0.01)))
        let outcomes = await run(try await manifest(), BatchOptions(output: folder.appendingPathComponent("out")))
        XCTAssertTrue(reason(outcomes.first)?.contains("HTTP 503") == true, "\(outcomes)")
        XCTAssertEqual(server.counters.serviceUnavailableResponses, 3)
    }

    func testSecondRunDownloadsNoPhoto() async throws {
        var configuration = Self.small(count: 4)
        configuration.includesBrokenEntries = false
        try await startServer(configuration)
        let cache = try DiskCache(directory: folder.appendingPathComponent("cache"), sizeLimit: 1 << 30)
        let entries = try await manifest()
        let first = await run(entries, BatchOptions(output: folder.appendingPathComponent("first"), originals: cache))
        XCTAssertEqual(first.filter(\.isDone).count, 4)
        let requestsAfterFirstRun = server.counters.totalRequests
        let second = await run(entries, BatchOptions(output: folder.appendingPathComponent("second"), originals: cache))
        XCTAssertEqual(second.filter(\.isDone).count, 4)
        XCTAssertEqual(server.counters.totalRequests, requestsAfterFirstRun, "the originals come from the disk cache")
        _ = await run(entries, BatchOptions(output: folder.appendingPathComponent("third"), originals: cache, refresh: true))
        XCTAssertEqual(server.counters.totalRequests, requestsAfterFirstRun + 4, "--refresh downloads again")
    }

    func testCancellingABatchLeavesOnlyWholeFiles() async throws {
        var configuration = Self.small(count: 6)
        configuration.includesBrokenEntries = false
        configuration.photoSize = PixelSize(width: 400, height: 300)
        configuration.bandwidth = 30_000
        try await startServer(configuration)
        let output = folder.appendingPathComponent("out")
        let processor = BatchProcessor(
            entries: try await manifest(), options: BatchOptions(output: output, maxConcurrentFiltrations: 1, maxConcurrentDownloads: 2),
            loader: loader)
        let finished = expectation(description: "batch finished")
        let result = Locked<[BatchOutcome]>([])
        processor.start(
            outcome: { outcome in
                result.withLock { $0.append(outcome) }
            },
            completion: { _ in
                finished.fulfill()
            })
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { processor.cancel() }
        await fulfillment(of: [finished], timeout: 60)
        let outcomes = result.withLock { $0 }
        XCTAssertEqual(outcomes.map(\.row).sorted(), Array(0..<6), "one outcome a row")
        XCTAssertTrue(outcomes.contains { $0.state == .cancelled }, "\(outcomes)")
        XCTAssertTrue(outcomes.allSatisfy { $0.state == .cancelled || $0.isDone }, "\(outcomes)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        XCTAssertEqual(files.count, outcomes.filter(\.isDone).count, "\(files)")
        for file in files {
            XCTAssertNoThrow(try ImageDecoder.decode(Data(contentsOf: output.appendingPathComponent(file))), file)
        }
    }

    func testBodiesOverTheSizeCapFailWithoutBeingRead() async throws {
        var configuration = Self.small(count: 1)
        configuration.photoSize = PixelSize(width: 640, height: 480)
        try await startServer(configuration, loader: HTTPLoaderConfiguration(maximumBodySize: 1_000))
        let url = try XCTUnwrap(server.url(for: server.catalog.photos[0]))
        let finished = expectation(description: "load finished")
        let outcome = Locked<Result<Data, HTTPLoadError>?>(nil)
        _ = loader.load(url) { result in
            outcome.withLock { $0 = result }
            finished.fulfill()
        }
        await fulfillment(of: [finished], timeout: 30)
        guard case .failure(.tooLarge(let limit)) = outcome.withLock({ $0 }) else {
            return XCTFail("\(String(describing: outcome.withLock { $0 }))")
        }
        XCTAssertEqual(limit, 1_000)
        XCTAssertEqual(server.counters.requests(forPath: try XCTUnwrap(server.catalog.photos[0].path)), 1, "not retried")
    }

    func testManifestErrorsAreClear() async throws {
        try await startServer(Self.small(count: 1))
        let missing = URL(string: "missing.plist", relativeTo: server.baseURL)!.absoluteURL
        guard case .failure(let error) = await source(missing.absoluteString) else { return XCTFail() }
        XCTAssertTrue(error.description.contains("HTTP 404"), error.description)
        XCTAssertTrue(error.description.contains(missing.absoluteString), error.description)
        let garbage = folder.appendingPathComponent("photos.json")
        try Data("{ not json".utf8).write(to: garbage)
        guard case .failure(.malformed) = await source(garbage.path) else { return XCTFail() }
        guard case .failure(.unsupportedLocation) = await source("ftp://example.com/x") else { return XCTFail() }
    }

    /// The JSON manifest lists the property list's entries, and only it carries placeholders
    /// (the property list is ClassicPhotos' name → URL dictionary, with no room for them).
    func testJSONManifestMatchesThePropertyList() async throws {
        try await startServer(Self.small(count: 3))
        let fromJSON = try await PhotoSource.entries(at: server.jsonURL.absoluteString, loader: loader)
        let fromPropertyList = try await manifest()
        XCTAssertEqual(fromJSON.map(\.name), fromPropertyList.map(\.name))
        XCTAssertEqual(fromJSON.map(\.location), fromPropertyList.map(\.location))
        XCTAssertTrue(fromPropertyList.allSatisfy { $0.placeholder == nil })
        for photo in server.catalog.photos {
            XCTAssertNotNil(fromJSON.first { $0.name == photo.name }?.placeholder, "\(photo.name) has a placeholder in JSON")
        }
    }
}
