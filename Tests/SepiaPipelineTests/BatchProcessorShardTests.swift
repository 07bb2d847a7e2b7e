import SepiaDemoContent
import SepiaImaging
import XCTest

@testable import SepiaPipeline

/// Shards of one batch, run one after the other into one folder, as the tasks of an array job do.
final class BatchProcessorShardTests: XCTestCase {
    private var folder: URL!
    private var loader: HTTPLoader!

    override func setUpWithError() throws {
        loader = HTTPLoader()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        await loader.shutdown()
    }

    /// Twelve small photos, two of them sharing the name "Twin" (so their files get suffixes).
    private func entries() throws -> [PhotoEntry] {
        try (1...12).map { index in
            let file = folder.appendingPathComponent("in/\(index).jpg")
            let image = PhotoGenerator(seed: UInt64(index)).render(width: 48, height: 32)
            try Data(ImageEncoder.encode(image, as: .jpeg(quality: 80))).write(to: file)
            return PhotoEntry(name: index <= 2 ? "Twin" : "Photo \(index)", location: .file(file))
        }
    }

    private func writtenFiles(_ outcomes: [BatchOutcome]) -> [String] {
        outcomes.compactMap { outcome in
            if case .written(let url) = outcome.state { return url.lastPathComponent }
            return nil
        }
    }

    func testTheShardsWriteEachPhotoOnceUnderItsWholeBatchName() async throws {
        let entries = try entries()
        let whole = await BatchProcessor(
            entries: entries, options: BatchOptions(output: folder.appendingPathComponent("whole")), loader: loader
        ).run()
        let wholeNames = Set(writtenFiles(whole))
        XCTAssertEqual(wholeNames.count, 12)

        var shardNames: [String] = []
        var rows: [Int] = []
        for index in 1...3 {
            let shard = try BatchShard(index: index, count: 3)
            let processor = BatchProcessor(
                entries: entries, options: BatchOptions(output: folder.appendingPathComponent("sharded"), shard: shard), loader: loader)
            XCTAssertTrue(processor.entries.allSatisfy { entries.contains($0) })
            rows.append(processor.entries.count)
            let outcomes = await processor.run()
            XCTAssertEqual(outcomes.map(\.row), Array(processor.entries.indices), "rows number the shard's own entries")
            XCTAssertTrue(outcomes.allSatisfy(\.isDone), "\(outcomes)")
            shardNames += writtenFiles(outcomes)
        }
        XCTAssertEqual(rows.reduce(0, +), 12, "every row in one shard: \(rows)")
        XCTAssertEqual(shardNames.count, 12, "no photo written twice")
        XCTAssertEqual(Set(shardNames), wholeNames, "a twin keeps its suffix though its twin is in another shard")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("sharded").path)
        XCTAssertEqual(Set(onDisk), wholeNames)
    }

    func testARunAgainOfAShardSkipsWhatItWroteAndReportsTimesAndBytes() async throws {
        let entries = try entries()
        let options = BatchOptions(output: folder.appendingPathComponent("out"), shard: try BatchShard(index: 2, count: 2))
        let first = await BatchProcessor(entries: entries, options: options, loader: loader).run()
        XCTAssertFalse(first.isEmpty)
        XCTAssertTrue(first.allSatisfy { $0.duration > .zero }, "each written row has its time")
        let again = await BatchProcessor(entries: entries, options: options, loader: loader).run()
        XCTAssertEqual(again.count, first.count)
        XCTAssertTrue(again.allSatisfy { if case .skipped = $0.state { true } else { false } }, "\(again)")
        XCTAssertTrue(again.allSatisfy { $0.duration == .zero && $0.bytesDownloaded == 0 })
    }
}
