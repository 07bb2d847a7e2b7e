import Dispatch
import Foundation
import SepiaImaging
@testable import SepiaPipeline
import SepiaTestSupport
import XCTest

/// The list controller on the real pipeline, with real timers, over local photo files.
final class PhotoListPipelineTests: XCTestCase {
    private let queue = DispatchQueue(label: "list pipeline tests")
    private var loader: HTTPLoader!

    override func tearDown() {
        loader?.shutdown()
    }

    private func entries(count: Int, corrupt: Int) throws -> [PhotoEntry] {
        let folder = try makeTemporaryCacheDirectory()
        return try (0..<count).map { row in
            let file = folder.appendingPathComponent("photo-\(row).jpg")
            let bytes = row == corrupt
                ? [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 300)
                : try ImageEncoder.encode(PhotoGenerator(seed: UInt64(row)).render(width: 160, height: 120), as: .jpeg(quality: 85))
            try Data(bytes).write(to: file)
            return PhotoEntry(name: "Photo \(row)", location: .file(file))
        }
    }

    func testVisibleRowsAreFilteredAndScrollingMovesTheWork() throws {
        let rows = try entries(count: 30, corrupt: 2)
        loader = HTTPLoader()
        let pipeline = PhotoPipeline(loader: loader)
        let processing = PhotoProcessing(filter: .sepia, fitting: PixelSize(width: 80, height: 60))
        let controller = PhotoListController(
            loader: pipeline,
            configuration: PhotoListConfiguration(processing: processing, settleDelay: 0.05, prefetchDistance: 0),
            queue: queue)
        queue.sync { controller.loadSource { $0(.success(rows)) } }
        try waitUntil("the rows arrive") { queue.sync { controller.sourceState == .loaded } }
        queue.sync { controller.show(rows: 0..<4) }

        let states = { self.queue.sync { controller.records.map(\.state) } }
        try waitUntil("the visible rows end their work") { states()[0..<4].allSatisfy { $0 != .new && $0 != .downloaded } }
        XCTAssertEqual(states()[0], .filtered)
        XCTAssertEqual(queue.sync { controller.records[0].image?.size }, PixelSize(width: 80, height: 60))
        guard case .failed(let reason) = states()[2] else { return XCTFail("the corrupt photo must fail its row") }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertTrue(states()[4...].allSatisfy { $0 == .new }, "off-screen rows are left alone")

        queue.sync {
            controller.scroll(toShow: 20..<24)
            // Asked on the list's queue: the settle timer cannot run in between.
            XCTAssertTrue(pipeline.isSuspended)
        }
        try waitUntil("the scroll settles and the new rows are filtered") {
            states()[20..<24].allSatisfy { $0 == .filtered }
        }
        XCTAssertFalse(pipeline.isSuspended)
        XCTAssertTrue(states()[4..<20].allSatisfy { $0 == .new }, "rows scrolled past are never loaded")
        try waitUntil("the queues report their work") { pipeline.queueCounters.map(\.completed).allSatisfy { $0 >= 7 } }
    }

    func testTheBlockingLoaderHasEndedItsRequestsWhenItReturns() throws {
        let rows = try entries(count: 2, corrupt: 1)
        loader = HTTPLoader()
        let blocking = BlockingPhotoLoader(loader: loader)
        let processing = PhotoProcessing(filter: .grayscale, fitting: PixelSize(width: 40, height: 40))
        let good = try XCTUnwrap(PhotoRecord(entry: rows[0]).url)
        let corrupt = try XCTUnwrap(PhotoRecord(entry: rows[1]).url)

        let original = blocking.loadOriginal(good, decoding: ImageDecodingOptions(), priority: .high) as? PhotoRequest<RGBAImage>
        let image = try XCTUnwrap(original?.result?.value, "ended on return")
        XCTAssertEqual(image.size, PixelSize(width: 160, height: 120))
        let processed = blocking.loadProcessed(image, of: good, processing: processing, priority: .high) as? PhotoRequest<RGBAImage>
        let gray = try XCTUnwrap(processed?.result?.value)
        XCTAssertEqual(gray.size, PixelSize(width: 40, height: 30))
        XCTAssertEqual(gray.pixels[0], gray.pixels[1], "grayscale")

        let failed = blocking.loadOriginal(corrupt, decoding: ImageDecodingOptions(), priority: .high) as? PhotoRequest<RGBAImage>
        guard case .failure(let reason)? = failed?.result else { return XCTFail("a corrupt photo fails") }
        XCTAssertFalse(reason.isEmpty)
    }
}
