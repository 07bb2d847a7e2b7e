import SepiaDemoContent
import SepiaOperations
import XCTest

@testable import SepiaImaging
@testable import SepiaPipeline

/// The batch's transcode step: JPEGs written as JPEGs at full size are streamed band by band,
/// through YCbCr planes into files visually identical to the whole-image path's, and a stream
/// that breaks mid-photo fails its row and leaves no file.
final class BatchStreamingTests: XCTestCase {
    private var folder: URL!
    private var loader: HTTPLoader!

    override func setUpWithError() throws {
        loader = HTTPLoader()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-streaming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        await loader.shutdown()
    }

    private func jpeg(seed: UInt64, width: Int = 400, height: Int = 300) throws -> [UInt8] {
        try ImageEncoder.encode(PhotoGenerator(seed: seed).render(width: width, height: height), as: .jpeg(quality: 90))
    }

    private func entry(_ name: String, bytes: [UInt8]) throws -> PhotoEntry {
        let file = folder.appendingPathComponent("in/\(name).jpg")
        try Data(bytes).write(to: file)
        return PhotoEntry(name: name, location: .file(file))
    }

    func testStreamedFilesMatchTheWholeImagePathsFiles() async throws {
        let photos = try (1...4).map { try jpeg(seed: UInt64($0), width: 300 + 17 * Int($0), height: 200 + 9 * Int($0)) }
        let entries = try photos.enumerated().map { try entry("Photo \($0.offset)", bytes: $0.element) }
        let output = folder.appendingPathComponent("out")
        let outcomes = await BatchProcessor(
            entries: entries, options: BatchOptions(output: output, format: .jpeg(quality: 85)), loader: loader
        ).run()
        let transcoder = PhotoTranscoder(processing: PhotoProcessing(), format: .jpeg(quality: 85), keepingMetadata: false)
        let check = CancellationCheck(BlockOperation())
        for (outcome, photo) in zip(outcomes, photos) {
            guard case .written(let file) = outcome.state else { return XCTFail("\(outcome)") }
            let streamed = try JPEGStreaming.transcode(
                photo, matrix: .sepia(intensity: 0.8), quality: 85, keepingMetadata: false, options: ImageDecodingOptions())
            XCTAssertEqual(
                streamed?.isFromPlanes, true, "\(outcome.name) takes the planes, not the whole-image path it is compared with")
            let whole = try transcoder.transcodeWholeImage(Data(photo), check: check)
            // Through YCbCr planes: visually identical, not byte for byte (JPEGStreamingTests).
            let written = try ImageDecoder.decode(Data(contentsOf: file)).image
            let expected = try ImageDecoder.decode(whole.bytes).image
            XCTAssertEqual(written.size, expected.size, "\(outcome.name)")
            XCTAssertLessThanOrEqual(
                written.meanAbsoluteDifference(against: expected), 1.0, "\(outcome.name): streamed and whole-image files differ")
            XCTAssertEqual(try transcoder.transcode(Data(photo), check: check).pixelCount, whole.pixelCount)
        }
    }

    func testAStreamThatBreaksMidPhotoFailsItsRowAndLeavesNoFile() async throws {
        let good = try jpeg(seed: 7)
        var corrupt = try jpeg(seed: 8)
        // An end-of-image marker in the middle of the scan: libjpeg makes up the rest.
        corrupt.replaceSubrange(corrupt.count / 2..<corrupt.count / 2 + 2, with: [0xFF, 0xD9])
        let entries = try [
            entry("Good", bytes: good),
            entry("Truncated", bytes: Array(try jpeg(seed: 9).prefix(good.count / 2))),
            entry("Corrupt", bytes: corrupt),
        ]
        let output = folder.appendingPathComponent("out")
        let outcomes = await BatchProcessor(entries: entries, options: BatchOptions(output: output), loader: loader).run()
        XCTAssertTrue(outcomes[0].isDone, "\(outcomes[0])")
        XCTAssertEqual(outcomes[1].state.failureReason?.contains("truncated"), true, "\(outcomes[1])")
        XCTAssertEqual(outcomes[2].state.failureReason?.contains("Corrupt JPEG data"), true, "\(outcomes[2])")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".sepia-write-check") }
        XCTAssertEqual(files, ["Good.jpg"], "no partial or temporary file")
    }

    /// PNG rows are streamed too: a batch of PNGs (one cut short) writes the whole-image path's
    /// bytes for the good ones, fails the cut one and leaves no file for it.
    func testPNGsAreStreamedIntoTheWholeImagePathsBytes() async throws {
        let pngs = try (1...3).map { seed in
            try ImageEncoder.encode(PhotoGenerator(seed: UInt64(seed)).render(width: 210 + seed * 13, height: 150), as: .png)
        }
        let cut = Array(pngs[2].prefix(pngs[2].count / 2))
        var entries: [PhotoEntry] = []
        for (index, bytes) in (pngs.prefix(2) + [cut]).enumerated() {
            let file = folder.appendingPathComponent("in/Picture \(index).png")
            try Data(bytes).write(to: file)
            entries.append(PhotoEntry(name: "Picture \(index)", location: .file(file)))
        }
        let output = folder.appendingPathComponent("out")
        let box = PixelSize(width: 64, height: 64)
        let outcomes = await BatchProcessor(
            entries: entries, options: BatchOptions(output: output, processing: PhotoProcessing(fitting: box), format: .jpeg(quality: 85)),
            loader: loader
        ).run()
        let transcoder = PhotoTranscoder(processing: PhotoProcessing(fitting: box), format: .jpeg(quality: 85), keepingMetadata: false)
        for (outcome, png) in zip(outcomes.prefix(2), pngs) {
            guard case .written(let file) = outcome.state else { return XCTFail("\(outcome)") }
            let streamed = try JPEGStreaming.transcode(
                png, matrix: .sepia(intensity: 0.8), quality: 85, keepingMetadata: false,
                options: PhotoProcessing(fitting: box).decodingOptions)
            XCTAssertNotNil(streamed, "\(outcome.name) is streamed, not taken whole like the path it is compared with")
            let whole = try transcoder.transcodeWholeImage(Data(png), check: CancellationCheck(BlockOperation()))
            XCTAssertEqual(Array(try Data(contentsOf: file)), whole.bytes, "\(outcome.name): byte for byte")
        }
        XCTAssertEqual(outcomes[2].state.failureReason?.contains("truncated"), true, "\(outcomes[2])")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".sepia-write-check") }
        XCTAssertEqual(Set(files), ["Picture 0.jpg", "Picture 1.jpg"], "no partial or temporary file")
    }
}
