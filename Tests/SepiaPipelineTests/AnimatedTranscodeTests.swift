import Foundation
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaImaging
@testable import SepiaPipeline

/// The batch's transcode step on an animated GIF (made by gifsicle) written as lossless WebP:
/// every frame filtered exactly as a still photo is, the durations and loop count kept, the memory
/// budget asked for the decode's canvases and then the encoder's; and the first frame only when
/// the animation is not kept.
final class AnimatedTranscodeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-animated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Three 30×20 frames of three colours, the second a smaller one placed over the first.
    private func animatedGIF() throws -> Data {
        for (name, size, color) in [("a", "30x20", "rgb(0,0,255)"), ("b", "10x8", "rgb(0,255,0)"), ("c", "30x20", "rgb(250,120,10)")] {
            try DebianTool.run("convert", ["-size", size, "xc:\(color)", "\(name).gif"], in: folder, package: "imagemagick")
        }
        try DebianTool.run(
            "gifsicle",
            [
                "--loopcount=forever", "-d", "5", "a.gif", "-d", "30", "--position", "4,6", "b.gif", "-d", "12", "--position", "0,0",
                "c.gif", "-o", "anim.gif",
            ],
            in: folder, package: "gifsicle")
        return try Data(contentsOf: folder.appendingPathComponent("anim.gif"))
    }

    private func frames(of data: some ContiguousBytes) throws -> [AnimationFrame] {
        let animation = try ImageAnimation(data)
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        return frames
    }

    func testEveryFrameIsFilteredAndTimedAndTheBudgetIsAsked() throws {
        let gif = try animatedGIF()
        let processing = PhotoProcessing(filter: .sepia)
        let transcoder = PhotoTranscoder(processing: processing, format: .webpLossless, keepingMetadata: false, keepingAnimation: true)
        let admission = RecordingAdmission()
        var options = processing.decodingOptions
        options.memoryAdmission = MemoryAdmissionHook(admission)
        let encoded = try transcoder.transcode(gif, check: CancellationCheck(BlockOperation()), options: options)
        let canvasBytes = 30 * 20 * 4
        XCTAssertEqual(admission.asked, [3 * canvasBytes + gif.count, ImageEncoder.encoderCanvases * canvasBytes])
        XCTAssertEqual(encoded.pixelCount, 30 * 20)

        let output = try ImageAnimation(encoded.bytes)
        XCTAssertEqual(output.format, .webp)
        XCTAssertEqual(output.loopCount, 0, "forever")
        let written = try frames(of: encoded.bytes)
        let source = try frames(of: gif)
        XCTAssertEqual(written.count, 3)
        XCTAssertEqual(written.map(\.storedDuration), [50, 300, 120])
        let matrix = try XCTUnwrap(processing.filter.matrix)
        for (frame, original) in zip(written, source) {
            XCTAssertEqual(frame.image, original.image.applying(matrix, parallel: false), "frame \(frame.index)")
        }
    }

    func testWithoutKeepingTheAnimationOnlyTheFirstFrameIsWritten() throws {
        let gif = try animatedGIF()
        let transcoder = PhotoTranscoder(processing: PhotoProcessing(filter: .none), format: .webpLossless, keepingMetadata: false)
        let encoded = try transcoder.transcode(gif, check: CancellationCheck(BlockOperation()))
        XCTAssertFalse(ImageAnimation.isAnimated(encoded.bytes))
        XCTAssertEqual(try ImageDecoder.decode(encoded.bytes).image, try frames(of: gif).first?.image)
    }
}

/// A `MemoryAdmission` that records the bytes it is asked for.
private final class RecordingAdmission: MemoryAdmission {
    private let recorded = Locked<[Int]>([])

    /// What it was asked for, in order.
    var asked: [Int] { recorded.withLock { $0 } }

    func admit(bytes: Int) throws {
        recorded.withLock { $0.append(bytes) }
    }
}
