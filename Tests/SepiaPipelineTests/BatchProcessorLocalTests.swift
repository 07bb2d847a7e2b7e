import SepiaImaging
import XCTest
@testable import SepiaPipeline

/// The batch engine on local files: no network needed.
final class BatchProcessorLocalTests: XCTestCase {
    private var folder: URL!
    private var loader: HTTPLoader!

    override func setUpWithError() throws {
        loader = HTTPLoader()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        loader.shutdown()
    }

    /// Writes a generated photo as a JPEG and returns its entry.
    private func photo(_ name: String, seed: UInt64, size: PixelSize = PixelSize(width: 160, height: 120)) throws -> PhotoEntry {
        let file = folder.appendingPathComponent("in/\(name).jpg")
        let image = PhotoGenerator(seed: seed).render(width: size.width, height: size.height)
        try Data(ImageEncoder.encode(image, as: .jpeg(quality: 90))).write(to: file)
        return PhotoEntry(name: name, location: .file(file))
    }

    private func run(_ entries: [PhotoEntry], _ options: BatchOptions) -> [BatchOutcome] {
        BatchProcessor(entries: entries, options: options, loader: loader).runUntilDone()
    }

    func testWritesEveryGoodPhotoAndFailsEachBadOneWithItsReason() throws {
        let good = try (1...5).map { try photo("Photo \($0)", seed: UInt64($0)) }
        let corrupt = folder.appendingPathComponent("in/corrupt.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 300)).write(to: corrupt)
        let entries = good + [
            PhotoEntry(name: "Corrupt", location: .file(corrupt)),
            PhotoEntry(name: "Missing", location: .file(folder.appendingPathComponent("in/none.jpg"))),
            PhotoEntry(name: "No URL", location: .invalid(reason: "not a URL")),
        ]
        let output = folder.appendingPathComponent("out")
        let outcomes = run(entries, BatchOptions(output: output, processing: PhotoProcessing(fitting: PixelSize(width: 80, height: 80))))
        XCTAssertEqual(outcomes.map(\.name), entries.map(\.name), "outcomes in manifest order")
        for outcome in outcomes.prefix(5) {
            guard case .written(let file) = outcome.state else { return XCTFail("\(outcome)") }
            let decoded = try ImageDecoder.decode(Data(contentsOf: file)).image
            XCTAssertEqual(decoded.size, PixelSize(width: 80, height: 60))
        }
        guard case .failed(let corruptReason) = outcomes[5].state,
              case .failed(let missingReason) = outcomes[6].state,
              case .failed(let invalidReason) = outcomes[7].state else { return XCTFail("\(outcomes.suffix(3))") }
        XCTAssertTrue(corruptReason.contains("JPEG"), corruptReason)
        XCTAssertTrue(missingReason.contains("cannot read"), missingReason)
        XCTAssertEqual(invalidReason, "not a URL")
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        XCTAssertEqual(written, (1...5).map { "Photo \($0).jpg" }, "no partial or temporary files")
    }

    func testSecondRunSkipsWhatIsDoneAndRefreshRedoesIt() throws {
        let entries = try (1...3).map { try photo("P\($0)", seed: UInt64($0)) }
        let output = folder.appendingPathComponent("out")
        XCTAssertTrue(run(entries, BatchOptions(output: output)).allSatisfy { if case .written = $0.state { true } else { false } })
        XCTAssertTrue(run(entries, BatchOptions(output: output)).allSatisfy { if case .skipped = $0.state { true } else { false } })
        XCTAssertTrue(run(entries, BatchOptions(output: output, refresh: true)).allSatisfy { if case .written = $0.state { true } else { false } })
    }

    func testSameLocationIsProcessedOnceAndWrittenForEachRow() throws {
        let shared = try photo("Shared", seed: 9)
        let entries = [PhotoEntry(name: "First", location: shared.location), PhotoEntry(name: "Second", location: shared.location)]
        let output = folder.appendingPathComponent("out")
        let processor = BatchProcessor(entries: entries, options: BatchOptions(output: output, format: .png), loader: loader)
        let outcomes = processor.runUntilDone()
        XCTAssertEqual(outcomes.filter(\.isDone).count, 2)
        XCTAssertEqual(processor.progress.megapixels, 160 * 120 / 1e6, accuracy: 1e-9, "the shared photo counts once")
        let first = try Data(contentsOf: output.appendingPathComponent("First.png"))
        XCTAssertEqual(first, try Data(contentsOf: output.appendingPathComponent("Second.png")))
    }

    func testHostileNameLandsInsideTheOutputFolder() throws {
        let source = try photo("source", seed: 4)
        let output = folder.appendingPathComponent("out")
        let outcomes = run([PhotoEntry(name: "../../etc/passwd", location: source.location)], BatchOptions(output: output))
        guard case .written(let file) = outcomes[0].state else { return XCTFail("\(outcomes)") }
        XCTAssertEqual(file.deletingLastPathComponent().standardizedFileURL.path, output.standardizedFileURL.path)
    }

    func testUnwritableOutputFailsEveryRowClearly() throws {
        let entries = try [photo("A", seed: 1)]
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let outcomes = run(entries, BatchOptions(output: blocker.appendingPathComponent("out")))
        guard case .failed(let reason) = outcomes[0].state else { return XCTFail("\(outcomes)") }
        XCTAssertTrue(reason.contains("cannot create the output folder"), reason)
    }
}
