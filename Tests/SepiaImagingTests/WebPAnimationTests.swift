import Foundation
import XCTest

@testable import SepiaImaging

/// Animated WebPs made by img2webp and webpmux (frames placed, blended and disposed of as asked),
/// decoded frame by frame and compared with Pillow's `ImageSequence`; loop counts, durations, the
/// memory held, and a file cut short.
final class WebPAnimationTests: XCTestCase {
    private var tools: ImageTools!

    override func setUpWithError() throws {
        tools = try ImageTools()
        try tools.run(
            "convert", ["-size", "40x30", "xc:rgb(200,30,30)", "-fill", "rgba(20,200,20,0.5)", "-draw", "rectangle 5,5 30,20", "w1.png"])
        try tools.run("convert", ["-size", "40x30", "xc:none", "-fill", "rgba(20,20,220,0.6)", "-draw", "rectangle 10,8 35,25", "w2.png"])
        try tools.run("convert", ["-size", "40x30", "xc:rgb(240,240,0)", "w3.png"])
        try tools.run("convert", ["-size", "12x10", "xc:rgba(20,20,220,0.6)", "s2.png"])
        try tools.run("convert", ["-size", "8x8", "xc:rgb(240,240,0)", "s3.png"])
        for name in ["w1", "s2", "s3"] { try tools.run("cwebp", ["-quiet", "-lossless", name + ".png", "-o", name + ".webp"]) }
    }

    override func tearDown() {
        tools = nil
    }

    private func assertMatchesPillow(_ name: String, loopCount: Int, durations: [Int], file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let animation = try ImageAnimation(tools.read(name))
        let reference = try AnimationReference.of(name, in: tools)
        XCTAssertEqual(animation.format, .webp, file: file, line: line)
        XCTAssertEqual(animation.canvasSize, PixelSize(width: 40, height: 30), file: file, line: line)
        XCTAssertEqual(animation.frameCount, reference.frames.count, file: file, line: line)
        XCTAssertEqual(animation.loopCount, loopCount, file: file, line: line)
        XCTAssertEqual(reference.loop, loopCount, "Pillow reads the same loop count", file: file, line: line)
        var decoded: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { decoded.append(frame) }
        XCTAssertEqual(decoded.map(\.image), reference.frames, file: file, line: line)
        XCTAssertEqual(decoded.map(\.storedDuration), durations, file: file, line: line)
        XCTAssertEqual(reference.durations, durations, file: file, line: line)
    }

    func testImg2WebPFramesMatchPillow() throws {
        try tools.run(
            "img2webp", ["-loop", "3", "-lossless", "-d", "80", "w1.png", "-d", "5", "w2.png", "-d", "40", "w3.png", "-o", "img2.webp"])
        try assertMatchesPillow("img2.webp", loopCount: 3, durations: [80, 5, 40])
    }

    /// Placed frames with alpha blending and disposal to the background, assembled by webpmux.
    func testWebPMuxFramesBlendAndDisposeAsPillowShows() throws {
        try tools.run(
            "webpmux",
            [
                "-frame", "w1.webp", "+70+0+0+0-b", "-frame", "s2.webp", "+30+10+6+1+b", "-frame", "s3.webp", "+0+20+10+0-b",
                "-frame", "s2.webp", "+50+2+2+0+b", "-loop", "0", "-bgcolor", "0,0,0,0", "-o", "mux.webp",
            ])
        try assertMatchesPillow("mux.webp", loopCount: 0, durations: [70, 30, 0, 50])
        var frames: [AnimationFrame] = []
        let animation = try ImageAnimation(tools.read("mux.webp"))
        while let frame = try animation.nextFrame() { frames.append(frame) }
        XCTAssertEqual(frames[2].image.pixel(x: 11, y: 7).alpha, 0, "frame 2's rectangle was disposed of to transparent")
        XCTAssertEqual(frames.map(\.duration), [70, 30, 100, 50], "no duration shows for 100 ms")
    }

    func testTheFirstFrameIsTheStillImageAndMemoryIsAskedOnce() throws {
        try tools.run("img2webp", ["-lossless", "w1.png", "w2.png", "w3.png", "-o", "still.webp"])
        let bytes = try tools.read("still.webp")
        let admission = RecordingAdmission()
        let animation = try ImageAnimation(bytes, options: admission.options())
        XCTAssertEqual(try animation.nextFrame()?.image, try ImageDecoder.decode(bytes).image)
        while try animation.nextFrame() != nil {}
        XCTAssertEqual(admission.asked, [4 * 40 * 30 * 4 + bytes.count], "libwebp's two canvases, its copy, the one handed out")
    }

    func testAFileCutShortSaysTruncated() throws {
        try tools.run("img2webp", ["-lossless", "w1.png", "w2.png", "w3.png", "-o", "cut.webp"])
        let bytes = try tools.read("cut.webp")
        XCTAssertThrowsError(try ImageAnimation(Array(bytes.prefix(bytes.count - 10)))) { error in
            XCTAssertEqual(error as? ImageDecodingError, .truncated(format: .webp))
        }
    }

    func testAStillWebPIsOneFrame() throws {
        let animation = try ImageAnimation(tools.read("w1.webp"))
        XCTAssertFalse(animation.isAnimated)
        XCTAssertEqual(animation.frameCount, 1)
        XCTAssertEqual(try animation.nextFrame()?.image, try ImageDecoder.decode(tools.read("w1.webp")).image)
        XCTAssertNil(try animation.nextFrame())
    }
}
