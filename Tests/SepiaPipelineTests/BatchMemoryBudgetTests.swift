import Foundation
import SepiaImaging
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// A batch of TIFFs under a memory budget and a pixel limit: decodes reserve their bytes before
/// they allocate, wait for each other when the budget holds one at a time, and a photo over the
/// limit fails with the reason. A streamed JPEG reserves its band only, and the browser's
/// originals reserve theirs too.
final class BatchMemoryBudgetTests: XCTestCase {
    private var folder: URL!
    private var loader: HTTPLoader!
    /// The bytes a decode of one of the photos below reserves: its RGBA image (the shim reads
    /// uncompressed strips in place, with no working buffer).
    private let decodeBytes = 1_000 * 800 * 4

    override func setUpWithError() throws {
        loader = HTTPLoader()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        await loader.shutdown()
    }

    /// 1000×800 uncompressed 8-bit grey TIFFs, one per name.
    private func photos(_ names: [String]) throws -> [PhotoEntry] {
        try names.enumerated().map { index, name in
            let file = folder.appendingPathComponent("\(name).tif")
            try DebianTool.run(
                "convert",
                [
                    "-size", "1000x800", "gradient:gray\(10 + index)-white", "-colorspace", "gray", "-depth", "8", "-compress", "none",
                    file.path,
                ],
                package: "imagemagick")
            return PhotoEntry(name: name, location: .file(file))
        }
    }

    private func options(jobs: Int, budget: MemoryBudget?, pixelLimit: Int = ImageDecodingOptions.defaultPixelLimit) -> BatchOptions {
        var options = BatchOptions(
            output: folder.appendingPathComponent("out"),
            processing: PhotoProcessing(fitting: PixelSize(width: 100, height: 100), pixelLimit: pixelLimit), format: .png,
            maxConcurrentFiltrations: jobs)
        options.memoryBudget = budget
        return options
    }

    func testDecodesNeverHoldMoreThanTheBudgetAtOnce() async throws {
        let budget = MemoryBudget(capacity: decodeBytes * 3 / 2)
        let entries = try photos((1...4).map { "Photo \($0)" })
        let outcomes = await BatchProcessor(entries: entries, options: options(jobs: 4, budget: budget), loader: loader).run()
        XCTAssertTrue(outcomes.allSatisfy { if case .written = $0.state { true } else { false } }, "\(outcomes)")
        XCTAssertEqual(budget.peakReservedBytes, decodeBytes, "two decodes overlapped, or none reserved")
        XCTAssertEqual(budget.reservedBytes, 0, "every step gave its bytes back")
    }

    func testADecodeLargerThanTheWholeBudgetRunsAlone() async throws {
        let budget = MemoryBudget(capacity: decodeBytes / 4)
        let entries = try photos(["Large 1", "Large 2"])
        let outcomes = await BatchProcessor(entries: entries, options: options(jobs: 2, budget: budget), loader: loader).run()
        XCTAssertTrue(outcomes.allSatisfy { if case .written = $0.state { true } else { false } }, "\(outcomes)")
        XCTAssertEqual(budget.peakReservedBytes, decodeBytes)
        XCTAssertEqual(budget.reservedBytes, 0)
    }

    func testAPhotoOverThePixelLimitFailsWithTheReason() async throws {
        let budget = MemoryBudget(capacity: decodeBytes)
        let entries = try photos(["Too large"])
        let outcomes = await BatchProcessor(
            entries: entries, options: options(jobs: 1, budget: budget, pixelLimit: 799_999), loader: loader
        ).run()
        XCTAssertEqual(
            outcomes.first?.state.failureReason?.contains("1000×800 pixels, more than the limit of 799999 pixels"), true,
            "\(outcomes)")
        XCTAssertEqual(budget.peakReservedBytes, 0, "refused before reserving")
    }

    func testAStreamedJPEGReservesItsBandNotItsImage() async throws {
        let file = folder.appendingPathComponent("colour.jpg")
        try DebianTool.run(
            "convert", ["-size", "1000x800", "gradient:red-blue", "-sampling-factor", "2x2", file.path], package: "imagemagick")
        let budget = MemoryBudget(capacity: decodeBytes)
        var options = BatchOptions(
            output: folder.appendingPathComponent("out"), processing: PhotoProcessing(), format: .jpeg(quality: 85),
            maxConcurrentFiltrations: 1)
        options.memoryBudget = budget
        let outcomes = await BatchProcessor(entries: [PhotoEntry(name: "Colour", location: .file(file))], options: options, loader: loader)
            .run()
        XCTAssertTrue(outcomes.allSatisfy { if case .written = $0.state { true } else { false } }, "\(outcomes)")
        // A band of YCbCr 4:2:0 planes: 16 rows of 1008 luma samples (whole blocks of 16) and 8
        // rows of 504 of each chroma plane.
        XCTAssertEqual(budget.peakReservedBytes, 16 * 1_008 + 2 * 8 * 504)
        XCTAssertEqual(budget.reservedBytes, 0)
    }

    /// The browser's originals (`PhotoPipeline.original(for:)`) are decoded within the budget too.
    func testAnOriginalsDecodeReservesAndGivesBack() async throws {
        let file = try XCTUnwrap(photos(["Original"]).first?.location.url)
        let budget = MemoryBudget(capacity: decodeBytes)
        var configuration = PhotoPipelineConfiguration()
        configuration.memoryBudget = budget
        let pipeline = PhotoPipeline(loader: loader, configuration: configuration)
        let image = try await pipeline.original(for: PhotoRequest(url: file)).value
        XCTAssertEqual(image.size, PixelSize(width: 1_000, height: 800))
        XCTAssertEqual(budget.peakReservedBytes, decodeBytes)
        XCTAssertEqual(budget.reservedBytes, 0, "given back when the decode ended")
    }
}
