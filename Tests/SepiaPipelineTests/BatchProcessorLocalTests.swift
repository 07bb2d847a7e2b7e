import SepiaDemoContent
import SepiaImaging
import SepiaOperations
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

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        await loader.shutdown()
    }

    /// Writes a generated photo as a JPEG and returns its entry.
    private func photo(_ name: String, seed: UInt64, size: PixelSize = PixelSize(width: 160, height: 120)) throws -> PhotoEntry {
        let file = folder.appendingPathComponent("in/\(name).jpg")
        let image = PhotoGenerator(seed: seed).render(width: size.width, height: size.height)
        try Data(ImageEncoder.encode(image, as: .jpeg(quality: 90))).write(to: file)
        return PhotoEntry(name: name, location: .file(file))
    }

    private func run(_ entries: [PhotoEntry], _ options: BatchOptions) async -> [BatchOutcome] {
        await BatchProcessor(entries: entries, options: options, loader: loader).run()
    }

    func testWritesEveryGoodPhotoAndFailsEachBadOneWithItsReason() async throws {
        let good = try (1...5).map { try photo("Photo \($0)", seed: UInt64($0)) }
        let corrupt = folder.appendingPathComponent("in/corrupt.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 300)).write(to: corrupt)
        let entries =
            good + [
                PhotoEntry(name: "Corrupt", location: .file(corrupt)),
                PhotoEntry(name: "Missing", location: .file(folder.appendingPathComponent("in/none.jpg"))),
                PhotoEntry(name: "No URL", location: .invalid(reason: "not a URL")),
            ]
        let output = folder.appendingPathComponent("out")
        let outcomes = await run(
            entries, BatchOptions(output: output, processing: PhotoProcessing(fitting: PixelSize(width: 80, height: 80))))
        XCTAssertEqual(outcomes.map(\.name), entries.map(\.name), "outcomes in manifest order")
        for outcome in outcomes.prefix(5) {
            guard case .written(let file) = outcome.state else { return XCTFail("\(outcome)") }
            let decoded = try ImageDecoder.decode(Data(contentsOf: file)).image
            XCTAssertEqual(decoded.size, PixelSize(width: 80, height: 60))
        }
        guard let corruptReason = outcomes[5].state.failureReason,
            let missingReason = outcomes[6].state.failureReason,
            let invalidReason = outcomes[7].state.failureReason
        else { return XCTFail("\(outcomes.suffix(3))") }
        XCTAssertTrue(corruptReason.contains("JPEG"), corruptReason)
        XCTAssertTrue(missingReason.contains("cannot read"), missingReason)
        XCTAssertEqual(invalidReason, "not a URL")
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        XCTAssertEqual(written, (1...5).map { "Photo \($0).jpg" }, "no partial or temporary files")
    }

    func testSecondRunSkipsWhatIsDoneAndRefreshRedoesIt() async throws {
        let entries = try (1...3).map { try photo("P\($0)", seed: UInt64($0)) }
        let output = folder.appendingPathComponent("out")
        let first = await run(entries, BatchOptions(output: output))
        XCTAssertTrue(first.allSatisfy { if case .written = $0.state { true } else { false } })
        let second = await run(entries, BatchOptions(output: output))
        XCTAssertTrue(second.allSatisfy { if case .skipped = $0.state { true } else { false } })
        let refreshed = await run(entries, BatchOptions(output: output, refresh: true))
        XCTAssertTrue(refreshed.allSatisfy { if case .written = $0.state { true } else { false } })
    }

    func testSameLocationIsProcessedOnceAndWrittenForEachRow() async throws {
        let shared = try photo("Shared", seed: 9)
        let entries = [PhotoEntry(name: "First", location: shared.location), PhotoEntry(name: "Second", location: shared.location)]
        let output = folder.appendingPathComponent("out")
        let processor = BatchProcessor(entries: entries, options: BatchOptions(output: output, format: .png), loader: loader)
        let outcomes = await processor.run()
        XCTAssertEqual(outcomes.filter(\.isDone).count, 2)
        XCTAssertEqual(processor.progress.megapixels, 160 * 120 / 1e6, accuracy: 1e-9, "the shared photo counts once")
        let first = try Data(contentsOf: output.appendingPathComponent("First.png"))
        XCTAssertEqual(first, try Data(contentsOf: output.appendingPathComponent("Second.png")))
    }

    func testHostileNameLandsInsideTheOutputFolder() async throws {
        let source = try photo("source", seed: 4)
        let output = folder.appendingPathComponent("out")
        let outcomes = await run([PhotoEntry(name: "../../etc/passwd", location: source.location)], BatchOptions(output: output))
        guard case .written(let file) = outcomes[0].state else { return XCTFail("\(outcomes)") }
        XCTAssertEqual(file.deletingLastPathComponent().standardizedFileURL.path, output.standardizedFileURL.path)
    }

    /// Names with the characters URLs treat specially are written, and reported, under their
    /// own names, in the output folder given with or without a trailing slash.
    func testOutputFilesKeepNamesThatURLsEscape() async throws {
        let source = try photo("source", seed: 5)
        let names = ["50% #1?", "a b;c=d&e", "ünï 🌅", "semi:colon"]
        for output in [folder.appendingPathComponent("out"), URL(fileURLWithPath: folder.path + "/slash/", isDirectory: true)] {
            let entries = names.map { PhotoEntry(name: $0, location: source.location) }
            let processor = BatchProcessor(entries: entries, options: BatchOptions(output: output, format: .png), loader: loader)
            let outcomes = await processor.run()
            for (row, name) in names.enumerated() {
                let expected = output.path + "/" + name + ".png"
                XCTAssertEqual(processor.outputFile(forRow: row).path, expected)
                guard case .written(let file) = outcomes[row].state else { return XCTFail("\(outcomes[row])") }
                XCTAssertEqual(file.path, expected)
                XCTAssertTrue(FileManager.default.fileExists(atPath: expected), expected)
            }
        }
    }

    func testUnwritableOutputFailsEveryRowClearly() async throws {
        let entries = try [photo("A", seed: 1)]
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let outcomes = await run(entries, BatchOptions(output: blocker.appendingPathComponent("out")))
        guard let reason = outcomes[0].state.failureReason else { return XCTFail("\(outcomes)") }
        XCTAssertTrue(reason.contains("cannot write to the output folder"), reason)
    }

    // MARK: Streaming, ordering and cancellation

    /// The progress handler used to be re-wrapped on every call (a `Locked` closure read
    /// through a generic `inout`), so the stack grew by a few frames a photo until a batch of
    /// 52,000 rows overflowed it. Thousands of calls must run at one depth.
    func testProgressCallsDoNotNestDeeperPhotoByPhoto() async throws {
        let entries = (0..<3_000).map { PhotoEntry(name: "Row \($0)", location: .invalid(reason: "no URL")) }
        let depths = Locked<[Int]>([])
        let processor = BatchProcessor(
            entries: entries, options: BatchOptions(output: folder.appendingPathComponent("out")), loader: loader)
        let outcomes = await processor.run { _ in
            depths.withLock { $0.append(Thread.callStackReturnAddresses.count) }
        }
        XCTAssertEqual(outcomes.count, 3_000)
        let seen = depths.withLock { $0 }
        XCTAssertEqual(seen.count, 3_000)
        XCTAssertEqual(seen.max(), seen.min(), "every progress call at the same stack depth")
    }

    /// Each row's outcome is handed over once, as it ends, and the batch ends only after every
    /// handler returned: a row whose handler is slow is not reported as cancelled (two rows
    /// share a location, so the other row's save could end the batch meanwhile).
    func testTheBatchEndsOnlyAfterEveryRowWasRecorded() async throws {
        let shared = try photo("Shared", seed: 3)
        let entries = [PhotoEntry(name: "First", location: shared.location), PhotoEntry(name: "Second", location: shared.location)]
        let processor = BatchProcessor(
            entries: entries, options: BatchOptions(output: folder.appendingPathComponent("out")), loader: loader)
        let calls = Locked(0)
        let recorded = Locked<[BatchOutcome]>([])
        let ended = expectation(description: "batch ended")
        processor.start(
            outcome: { outcome in
                let isFirstCall = calls.withLock { count -> Bool in
                    count += 1
                    return count == 1
                }
                if isFirstCall { Thread.sleep(forTimeInterval: 0.3) }
                recorded.withLock { $0.append(outcome) }
            },
            completion: { progress in
                XCTAssertEqual(recorded.withLock { $0.count }, 2, "both rows recorded before the end")
                XCTAssertEqual(progress.done, 2)
                ended.fulfill()
            })
        await fulfillment(of: [ended], timeout: 30)
        XCTAssertEqual(Set(recorded.withLock { $0.map(\.row) }), [0, 1])
        XCTAssertTrue(recorded.withLock { $0.allSatisfy(\.isDone) })
    }

    /// A cancel that comes while a group is being started (between taking it and adding its
    /// operations to the queues) must still stop that group: nothing is written after it.
    func testACancelWhileAGroupStartsStopsThatGroup() async throws {
        let shared = try photo("Shared", seed: 5)
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // The first row's file is there already: it is settled (and reported) while its
        // group starts, before the second row's chain is queued.
        try Data("done".utf8).write(to: output.appendingPathComponent("Done.jpg"))
        let entries = [PhotoEntry(name: "Done", location: shared.location), PhotoEntry(name: "Todo", location: shared.location)]
        let processor = BatchProcessor(entries: entries, options: BatchOptions(output: output, maxConcurrentFiltrations: 1), loader: loader)
        let outcomes = Locked<[Int: BatchOutcome.State]>([:])
        let ended = expectation(description: "batch ended")
        processor.start(
            outcome: { outcome in
                if case .skipped = outcome.state { processor.cancel() }  // Ctrl-C, right then
                outcomes.withLock { $0[outcome.row] = outcome.state }
            }, completion: { _ in ended.fulfill() })
        await fulfillment(of: [ended], timeout: 30)
        XCTAssertEqual(outcomes.withLock { $0[1] }, .cancelled, "the group starting at the cancel is stopped")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("Todo.jpg").path))
    }

    /// A row naming a FIFO fails with a clear reason instead of holding a download slot
    /// forever (opening a FIFO without a writer blocks).
    func testARowNamingAFIFOFailsAsNotARegularFile() async throws {
        let fifo = folder.appendingPathComponent("in/fifo.jpg")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let good = try photo("Good", seed: 2)
        let outcomes = await run(
            [PhotoEntry(name: "FIFO", location: .file(fifo)), good], BatchOptions(output: folder.appendingPathComponent("out")))
        guard let reason = outcomes[0].state.failureReason else { return XCTFail("\(outcomes)") }
        XCTAssertTrue(reason.contains("not a regular file"), reason)
        XCTAssertTrue(outcomes[1].isDone)
    }

    /// A batch streams: rows are handed over in any order but each exactly once, and the
    /// rows of groups never started after a cancel are reported as cancelled.
    func testEveryRowGetsExactlyOneOutcomeWhenCancelledEarly() async throws {
        let photos = try (0..<6).map { try photo("P\($0)", seed: UInt64($0)) }
        let entries =
            (0..<60).map { PhotoEntry(name: "Row \($0)", location: photos[$0 % 6].location) }
            + (0..<40).map { PhotoEntry(name: "Other \($0)", location: .file(folder.appendingPathComponent("in/none-\($0).jpg"))) }
        let processor = BatchProcessor(
            entries: entries, options: BatchOptions(output: folder.appendingPathComponent("out"), maxConcurrentFiltrations: 1),
            loader: loader)
        let counts = Locked([Int](repeating: 0, count: entries.count))
        let ended = expectation(description: "batch ended")
        processor.start(
            outcome: { outcome in
                counts.withLock { $0[outcome.row] += 1 }
                if outcome.row == 0 { processor.cancel() }
            }, completion: { _ in ended.fulfill() })
        await fulfillment(of: [ended], timeout: 30)
        XCTAssertEqual(counts.withLock { $0 }, [Int](repeating: 1, count: entries.count))
        XCTAssertEqual(processor.progress.finished, entries.count)
    }
}
