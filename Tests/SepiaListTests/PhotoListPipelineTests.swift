import Dispatch
import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTestSupport
import XCTest

@testable import SepiaList
@testable import SepiaPipeline

/// The list controller on the real pipeline, with real timers, over local photo files.
/// On the main actor, like the code under test. Linux XCTest cannot call main-actor test
/// methods, so each test is `nonisolated` and enters the main actor (XCTest runs it on the
/// main thread) with `MainActor.assumeIsolated`; `@unchecked Sendable` lets it take `self`
/// along, which only the main actor touches.
@MainActor
final class PhotoListPipelineTests: XCTestCase, @unchecked Sendable {
    /// Local files only: the loader never starts its HTTP client, and needs no shutdown.
    private let loader = HTTPLoader()

    private func entries(count: Int, corrupt: Int) throws -> [PhotoEntry] {
        let folder = try makeTemporaryCacheDirectory()
        return try (0..<count).map { row in
            let file = folder.appendingPathComponent("photo-\(row).jpg")
            let bytes =
                row == corrupt
                ? [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 300)
                : try ImageEncoder.encode(PhotoGenerator(seed: UInt64(row)).render(width: 160, height: 120), as: .jpeg(quality: 85))
            try Data(bytes).write(to: file)
            return PhotoEntry(name: "Photo \(row)", location: .file(file))
        }
    }

    /// Runs the main queue (where the controller gets its results) until `condition` holds.
    private func runMainQueue(until description: String, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(30)
        while !condition() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertTrue(condition(), description)
    }

    nonisolated func testVisibleRowsAreFilteredAndScrollingMovesTheWork() throws {
        try MainActor.assumeIsolated {
            let rows = try entries(count: 30, corrupt: 2)
            let pipeline = PhotoPipeline(loader: loader)
            let processing = PhotoProcessing(filter: .sepia, fitting: PixelSize(width: 80, height: 60))
            let controller = PhotoListController(
                loader: pipeline,
                configuration: PhotoListConfiguration(processing: processing, settleDelay: 0.05, prefetchDistance: 0))
            controller.loadSource { $0(.success(rows)) }
            runMainQueue(until: "the rows arrive") { controller.sourceState == .loaded }
            controller.show(rows: 0..<4)

            let states = { controller.records.map(\.state) }
            runMainQueue(until: "the visible rows end their work") { states()[0..<4].allSatisfy { $0 != .new && $0 != .downloaded } }
            XCTAssertEqual(states()[0], .filtered)
            XCTAssertEqual(controller.records[0].image?.size, PixelSize(width: 80, height: 60))
            guard case .failed(.decoding) = states()[2] else { return XCTFail("the corrupt photo must fail its row: \(states()[2])") }
            XCTAssertTrue(states()[4...].allSatisfy { $0 == .new }, "off-screen rows are left alone")

            controller.scroll(toShow: 20..<24)
            // Asked on the main actor: the settle timer cannot run in between.
            XCTAssertTrue(pipeline.isSuspended)
            runMainQueue(until: "the scroll settles and the new rows are filtered") {
                states()[20..<24].allSatisfy { $0 == .filtered }
            }
            XCTAssertFalse(pipeline.isSuspended)
            XCTAssertTrue(states()[4..<20].allSatisfy { $0 == .new }, "rows scrolled past are never loaded")
            runMainQueue(until: "the queues report their work") { pipeline.queueCounters.map(\.completed).allSatisfy { $0 >= 7 } }
        }
    }

    nonisolated func testTheBlockingLoaderHasEndedItsTasksWhenItReturns() throws {
        try MainActor.assumeIsolated {
            let rows = try entries(count: 2, corrupt: 1)
            let blocking = BlockingPhotoLoader(pipeline: PhotoPipeline(loader: loader))
            let processing = PhotoProcessing(filter: .grayscale, fitting: PixelSize(width: 40, height: 40))
            let good = try XCTUnwrap(PhotoRecord(entry: rows[0]).url)
            let corrupt = try XCTUnwrap(PhotoRecord(entry: rows[1]).url)

            let original = blocking.original(for: PhotoRequest(url: good, processing: PhotoProcessing(filter: .grayscale)))
            let image = try XCTUnwrap(original.result?.get(), "ended on return")
            XCTAssertEqual(image.size, PixelSize(width: 160, height: 120))
            let processed = blocking.task(for: PhotoRequest(url: good, processing: processing))
            let gray = try XCTUnwrap(processed.result?.get())
            XCTAssertEqual(gray.size, PixelSize(width: 40, height: 30))
            XCTAssertEqual(gray.pixels[0], gray.pixels[1], "grayscale")

            let failed = blocking.original(for: PhotoRequest(url: corrupt))
            guard case .failure(.decoding)? = failed.result else {
                return XCTFail("a corrupt photo fails: \(String(describing: failed.result))")
            }
        }
    }

    /// A folder's file whose name is not UTF-8 (Latin-1 "café.jpg") is a row like any other:
    /// named with U+FFFD, opened by its own bytes, filtered.
    nonisolated func testARowWhoseFileNameIsNotUTF8LoadsAndFilters() throws {
        try MainActor.assumeIsolated {
            let folder = try makeTemporaryCacheDirectory()
            let photo = try ImageEncoder.encode(PhotoGenerator(seed: 9).render(width: 160, height: 120), as: .jpeg(quality: 85))
            try RawFileName.write(photo, named: RawFileName.latin1Cafe, in: folder)
            let controller = PhotoListController(
                loader: PhotoPipeline(loader: loader),
                configuration: PhotoListConfiguration(processing: PhotoProcessing(filter: .sepia), settleDelay: 0.05, prefetchDistance: 0))
            controller.loadSource { [loader] completion in
                PhotoSource.load([folder.path], loader: loader) { completion($0.map(\.entries)) }
            }
            runMainQueue(until: "the row arrives") { controller.sourceState == .loaded }
            XCTAssertEqual(controller.records.map(\.name), ["caf\u{FFFD}.jpg"])
            controller.show(rows: 0..<1)
            runMainQueue(until: "the row ends its work") { ![.new, .downloaded].contains(controller.records[0].state) }
            XCTAssertEqual(controller.records[0].state, .filtered)
            XCTAssertEqual(try XCTUnwrap(controller.records[0].image).size, PixelSize(width: 160, height: 120))
        }
    }
}
