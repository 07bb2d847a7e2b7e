import Foundation
import XCTest

@testable import SepiaImaging

/// Animated GIFs made by gifsicle, decoded frame by frame and compared with ImageMagick's
/// `-coalesce`, which composes and disposes of frames as browsers do; the loop count and delays;
/// the memory held; damaged and hostile files.
final class GIFAnimationTests: XCTestCase {
    private var tools: ImageTools!

    override func setUpWithError() throws {
        tools = try ImageTools()
        try tools.run(
            "convert", ["-size", "40x30", "xc:rgb(200,30,30)", "-fill", "rgb(20,200,20)", "-draw", "rectangle 5,5 15,15", "f1.gif"])
        try tools.run("convert", ["-size", "20x12", "xc:none", "-fill", "rgb(20,20,220)", "-draw", "rectangle 0,0 9,11", "f2.gif"])
        try tools.run("convert", ["-size", "16x16", "xc:rgb(240,240,0)", "f3.gif"])
    }

    override func tearDown() {
        tools = nil
    }

    /// Four frames: a full one, a transparent-edged one disposed of to the background, a
    /// square disposed of to the previous canvas with no delay, and the second again.
    private func makeAnimation(loop: [String] = ["--loopcount=2"]) throws -> [UInt8] {
        try tools.make(
            "anim.gif", with: "gifsicle",
            loop + [
                "--delay", "7", "--disposal", "none", "f1.gif", "--disposal", "background", "--position", "4,6", "f2.gif",
                "--disposal", "previous", "--delay", "0", "--position", "20,10", "f3.gif", "--disposal", "none", "--delay", "12",
                "--position", "0,0", "f2.gif", "-o", "anim.gif",
            ])
    }

    private func frames(of animation: ImageAnimation) throws -> [AnimationFrame] {
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        return frames
    }

    func testFramesAreComposedAsImageMagickCoalescesThem() throws {
        let animation = try ImageAnimation(makeAnimation())
        XCTAssertEqual(animation.format, .gif)
        XCTAssertEqual(animation.canvasSize, PixelSize(width: 40, height: 30))
        XCTAssertEqual(animation.frameCount, 4)
        XCTAssertTrue(animation.isAnimated)
        let decoded = try frames(of: animation)
        let reference = try tools.coalescedFrames("anim.gif")
        XCTAssertEqual(decoded.count, 4)
        XCTAssertEqual(reference.count, 4)
        for (frame, expected) in zip(decoded, reference) {
            XCTAssertEqual(Self.differingPixels(frame.image, expected), [], "frame \(frame.index)")
        }
        // The background disposal left a transparent hole that frame 3's restore brings back.
        XCTAssertEqual(decoded[2].image.pixel(x: 5, y: 7).alpha, 0)
        XCTAssertEqual(decoded[3].image.pixel(x: 10, y: 10).alpha, 0)
        XCTAssertEqual(decoded.map(\.storedDuration), [70, 70, 0, 120])
        XCTAssertEqual(decoded.map(\.duration), [70, 70, 100, 120], "no delay shows for 100 ms, as in browsers")
        XCTAssertNil(try animation.nextFrame(), "the animation is over")
    }

    /// The places where two canvases of one size differ, a transparent pixel being equal to any
    /// other whatever its colour (ImageMagick keeps the colour of transparent pixels).
    private static func differingPixels(_ image: RGBAImage, _ other: RGBAImage) -> [String] {
        var differing: [String] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (a, b) = (image.pixel(x: x, y: y), other.pixel(x: x, y: y))
                if a.alpha == 0 && b.alpha == 0 { continue }
                if a != b { differing.append("(\(x), \(y)): \(a) against \(b)") }
            }
        }
        return Array(differing.prefix(5))
    }

    func testTheFirstFrameIsTheStillImage() throws {
        let bytes = try makeAnimation()
        let first = try ImageAnimation(bytes).nextFrame()
        XCTAssertEqual(first?.image, try ImageDecoder.decode(bytes).image)
    }

    func testLoopCountsArePlaysAsBrowsersCountThem() throws {
        XCTAssertEqual(try ImageAnimation(makeAnimation(loop: ["--loopcount=2"])).loopCount, 3, "2 repetitions after the first play")
        XCTAssertEqual(try ImageAnimation(makeAnimation(loop: ["--loopcount=forever"])).loopCount, 0, "forever")
        XCTAssertEqual(try ImageAnimation(makeAnimation(loop: ["--no-loopcount"])).loopCount, 1, "no NETSCAPE2.0 block: once")
    }

    /// 1,500 frames of 64×64 decode with one request for memory: three canvases and the file's
    /// bytes, whatever the frame count.
    func testManyFramesHoldOnlyCanvases() throws {
        let frames = (0..<1_500).map { index in (x: index % 60, y: index % 50, width: 4, height: 4, index: UInt8(index % 2)) }
        let bytes = AnimationFiles.gif(width: 64, height: 64, frames: frames)
        let admission = RecordingAdmission()
        let animation = try ImageAnimation(bytes, options: admission.options())
        var count = 0
        while let frame = try animation.nextFrame() {
            XCTAssertEqual(frame.image.size, PixelSize(width: 64, height: 64))
            count += 1
        }
        XCTAssertEqual(count, 1_500)
        XCTAssertEqual(admission.asked, [3 * 64 * 64 * 4 + bytes.count])
        XCTAssertEqual(animation.heldBytes, admission.asked.first)
    }

    func testACanvasOverThePixelLimitIsRefusedBeforeAnyFrame() throws {
        XCTAssertThrowsError(try ImageAnimation(makeAnimation(), options: .init(pixelLimit: 1_000))) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 40, height: 30, limit: 1_000))
        }
    }

    func testAFileCutInAFrameGivesTheFramesBeforeThenSaysTruncated() throws {
        let bytes = try makeAnimation()
        // Without the trailer, the last frame's block terminator and its last 3 bytes of data.
        let cut = Array(bytes.prefix(bytes.count - 5))
        let animation = try ImageAnimation(cut)
        XCTAssertEqual(try animation.nextFrame()?.index, 0)
        XCTAssertEqual(try animation.nextFrame()?.index, 1)
        XCTAssertEqual(try animation.nextFrame()?.index, 2)
        XCTAssertThrowsError(try animation.nextFrame()) { error in
            XCTAssertEqual(error as? ImageDecodingError, .truncated(format: .gif))
        }
    }

    func testFramesOutsideTheScreenAndEmptyFramesLeaveTheCanvas() throws {
        let bytes = AnimationFiles.gif(
            width: 4, height: 4,
            frames: [
                (0, 0, 4, 4, 1), (1_000, 1_000, 2, 2, 0), (0, 0, 0, 0, 0), (2, 2, 3, 3, 0),
            ])
        let animation = try ImageAnimation(bytes)
        let decoded = try frames(of: animation)
        XCTAssertEqual(decoded.count, 4)
        let white = RGBAImage(width: 4, height: 4, red: 255, green: 255, blue: 255)
        XCTAssertEqual(decoded[1].image, white, "a frame outside the screen draws nothing")
        XCTAssertEqual(decoded[2].image, white, "an empty frame draws nothing")
        XCTAssertEqual(decoded[3].image.pixel(x: 3, y: 3).red, 0, "a frame over the edge is clipped")
        XCTAssertEqual(decoded[3].image.pixel(x: 1, y: 1).red, 255)
    }

    func testAHundredThousandTinyFramesAreRefusedWhenOpened() throws {
        let bytes = AnimationFiles.gif(width: 1, height: 1, frames: Array(repeating: (0, 0, 1, 1, 1), count: 100_000))
        XCTAssertThrowsError(try ImageAnimation(bytes)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError,
                .tooManyFrames(format: .gif, count: AnimationLimits.defaultFrameLimit + 1, limit: AnimationLimits.defaultFrameLimit))
        }
        // Under a higher limit they decode, one at a time.
        let animation = try ImageAnimation(bytes, limits: .init(frameLimit: 100_000))
        XCTAssertEqual(animation.frameCount, 100_000)
    }

    func testLargeFramesOnASmallScreenCountTowardTheDrawnPixels() throws {
        let bytes = AnimationFiles.gif(width: 2, height: 2, frames: Array(repeating: (0, 0, 100, 100, 1), count: 10))
        XCTAssertThrowsError(try ImageAnimation(bytes, limits: .init(drawnPixelLimit: 50_000))) { error in
            XCTAssertEqual(error as? ImageDecodingError, .animationTooLarge(format: .gif, drawnPixels: 10 * 4 + 10 * 10_000, limit: 50_000))
        }
        XCTAssertEqual(try ImageAnimation(bytes, limits: .init(drawnPixelLimit: 100_040)).frameCount, 10)
    }
}
