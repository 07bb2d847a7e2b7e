import Foundation
import XCTest

@testable import SepiaImaging

/// APNGs made by apngasm and by hand (every dispose and blend operation), decoded frame by frame
/// and compared with Pillow's and apngdis's composition; delays, plays, the memory held; damaged
/// and hostile files.
final class APNGAnimationTests: XCTestCase {
    private var tools: ImageTools!

    override func setUpWithError() throws {
        tools = try ImageTools()
    }

    override func tearDown() {
        tools = nil
    }

    private func frames(of animation: ImageAnimation) throws -> [AnimationFrame] {
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        return frames
    }

    /// Every sample of `frame` within `tolerance` of `expected`'s (Pillow rounds its "over"
    /// blend its own way).
    private func assertClose(_ frame: RGBAImage, _ expected: RGBAImage, tolerance: Int, _ message: String) {
        XCTAssertEqual(frame.size, expected.size, message)
        let differences = zip(frame.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }
        let worst = differences.indices.max { differences[$0] < differences[$1] }
        guard let worst, differences[worst] > tolerance else { return }
        let (x, y) = (worst / 4 % frame.width, worst / 4 / frame.width)
        XCTFail("\(message): \(frame.pixel(x: x, y: y)) against \(expected.pixel(x: x, y: y)) at (\(x), \(y))")
    }

    func testApngasmFramesMatchPillow() throws {
        try tools.run(
            "convert", ["-size", "40x30", "xc:rgb(200,30,30)", "-fill", "rgb(20,200,20)", "-draw", "rectangle 5,5 30,20", "a1.png"])
        try tools.run(
            "convert", ["-size", "40x30", "xc:rgb(200,30,30)", "-fill", "rgb(20,20,220)", "-draw", "rectangle 10,8 35,25", "a2.png"])
        try tools.run("convert", ["-size", "40x30", "xc:rgb(240,240,0)", "a3.png"])
        try tools.run("apngasm", ["anim.png", "a1.png", "a2.png", "a3.png", "3", "20", "-l2"])
        let animation = try ImageAnimation(tools.read("anim.png"))
        let reference = try AnimationReference.of("anim.png", in: tools)
        XCTAssertEqual(animation.format, .png)
        XCTAssertEqual(animation.frameCount, 3)
        XCTAssertEqual(animation.loopCount, 2)
        XCTAssertEqual(reference.loop, 2)
        let decoded = try frames(of: animation)
        XCTAssertEqual(decoded.map(\.image), reference.frames)
        XCTAssertEqual(decoded.map(\.storedDuration), [150, 150, 150], "3/20 s")
        XCTAssertEqual(reference.durations, [150, 150, 150])
        XCTAssertEqual(decoded.first?.image, try ImageDecoder.decode(tools.read("anim.png")).image, "the default image is frame 0")
    }

    /// A hand-made APNG using each operation: source, over on transparent and on opaque pixels,
    /// background and previous disposal, a zero delay and a zero denominator; compared with
    /// apngdis. (Pillow 13 is no reference here: it pastes an "over" frame through its alpha as a
    /// mask, alpha channel included, so glass over a transparent pixel loses alpha, and it keeps
    /// a frame disposed of by "previous".)
    func testEveryDisposeAndBlendOperationMatchesAPNGDisassembler() throws {
        // Every frame of an APNG shares the IHDR's colour type: each has a pixel that is not
        // opaque, so that the encoder writes them all as RGBA.
        var base = RGBAImage(width: 32, height: 24, red: 200, green: 30, blue: 30, alpha: 255)
        base.setPixel(x: 31, y: 23, red: 200, green: 30, blue: 30, alpha: 254)
        let glass = RGBAImage(width: 16, height: 10, red: 20, green: 20, blue: 220, alpha: 150)
        let hole = RGBAImage(width: 8, height: 8, red: 0, green: 0, blue: 0, alpha: 0)
        var yellow = RGBAImage(width: 10, height: 6, red: 240, green: 240, blue: 0, alpha: 255)
        yellow.setPixel(x: 9, y: 5, red: 240, green: 240, blue: 0, alpha: 254)
        func png(_ image: RGBAImage) throws -> [UInt8] { try ImageEncoder.encode(image, as: .png) }
        let bytes = AnimationFiles.apng(
            canvas: PixelSize(width: 32, height: 24), plays: 0,
            frames: [
                .init(png: try png(base), delay: (1, 10)),
                .init(png: try png(hole), x: 2, y: 2, delay: (0, 0), disposal: 1, blend: 0),
                .init(png: try png(glass), x: 0, y: 4, delay: (25, 0), disposal: 2, blend: 1),
                .init(png: try png(yellow), x: 20, y: 16, delay: (1, 3), disposal: 0, blend: 1),
                .init(png: try png(glass), x: 12, y: 12, delay: (7, 100), disposal: 0, blend: 1),
            ])
        try tools.write(bytes, as: "ops.png")
        let animation = try ImageAnimation(bytes)
        let reference = try tools.disassembledFrames("ops.png")
        XCTAssertEqual(animation.loopCount, 0)
        let decoded = try frames(of: animation)
        XCTAssertEqual(decoded.count, 5)
        XCTAssertEqual(reference.count, 5)
        for (frame, expected) in zip(decoded, reference) {
            assertClose(frame.image, expected, tolerance: 1, "frame \(frame.index)")
        }
        XCTAssertEqual(decoded[1].image.pixel(x: 3, y: 3).alpha, 0, "source blend writes transparent pixels")
        XCTAssertEqual(decoded[2].image.pixel(x: 3, y: 3).alpha, 0, "the hole was cleared by background disposal")
        XCTAssertEqual(decoded[2].image.pixel(x: 3, y: 5).alpha, 150, "glass over a hole keeps its own alpha")
        XCTAssertEqual(decoded[3].image.pixel(x: 12, y: 5).red, 200, "frame 2 was disposed of to the previous canvas")
        XCTAssertEqual(decoded.map(\.storedDuration), [100, 0, 250, 333, 70])
        XCTAssertEqual(decoded.map(\.duration), [100, 100, 250, 333, 70])
    }

    func testMemoryIsAskedOnceForFourCanvasesAndTwiceTheFile() throws {
        let image = RGBAImage(width: 20, height: 10, red: 1, green: 2, blue: 3)
        let frames = (0..<300).map { _ in AnimationFiles.APNGFrame(png: try! ImageEncoder.encode(image, as: .png)) }
        let bytes = AnimationFiles.apng(canvas: PixelSize(width: 20, height: 10), plays: 1, frames: frames)
        let admission = RecordingAdmission()
        let animation = try ImageAnimation(bytes, options: admission.options())
        XCTAssertEqual(try self.frames(of: animation).count, 300)
        XCTAssertEqual(admission.asked, [4 * 20 * 10 * 4 + 2 * bytes.count])
    }

    func testAFrameOutsideTheCanvasIsCorrupt() throws {
        let image = try ImageEncoder.encode(RGBAImage(width: 8, height: 8, red: 1, green: 2, blue: 3), as: .png)
        let bytes = AnimationFiles.apng(
            canvas: PixelSize(width: 8, height: 8), plays: 0, frames: [.init(png: image), .init(png: image, x: 4, y: 0)])
        XCTAssertThrowsError(try ImageAnimation(bytes)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError,
                .corrupt(format: .png, reason: "a frame of 8x8 pixels at (4, 0) is not inside the 8x8 canvas"))
        }
    }

    func testAZeroSizeFrameIsCorrupt() throws {
        let image = try ImageEncoder.encode(RGBAImage(width: 8, height: 8, red: 1, green: 2, blue: 3), as: .png)
        var bytes = AnimationFiles.apng(canvas: PixelSize(width: 8, height: 8), plays: 0, frames: [.init(png: image), .init(png: image)])
        // The second fcTL's width and height, then its CRC made right again.
        let second = try XCTUnwrap(Self.offsets(of: "fcTL", in: bytes).last)
        bytes.replaceSubrange((second + 12)..<(second + 20), with: [UInt8](repeating: 0, count: 8))
        bytes.replaceSubrange(
            (second + 34)..<(second + 38),
            with: PNGFileBuilder.uint32(Int(PNGFileBuilder.crc32(Array(bytes[(second + 4)..<(second + 34)])))))
        XCTAssertThrowsError(try ImageAnimation(bytes)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError, .corrupt(format: .png, reason: "a frame of 0x0 pixels at (0, 0) is not inside the 8x8 canvas")
            )
        }
    }

    func testAFileCutInAFrameGivesTheFramesBeforeThenSaysTruncated() throws {
        let frames = (0..<3).map { index in
            AnimationFiles.APNGFrame(
                png: try! ImageEncoder.encode(RGBAImage(width: 8, height: 8, red: UInt8(index * 50), green: 2, blue: 3), as: .png))
        }
        let bytes = AnimationFiles.apng(canvas: PixelSize(width: 8, height: 8), plays: 0, frames: frames)
        let lastData = try XCTUnwrap(Self.offsets(of: "fdAT", in: bytes).last)
        let animation = try ImageAnimation(Array(bytes.prefix(lastData + 14)))
        XCTAssertEqual(animation.frameCount, 3)
        XCTAssertEqual(try animation.nextFrame()?.image.pixel(x: 0, y: 0).red, 0)
        XCTAssertEqual(try animation.nextFrame()?.image.pixel(x: 0, y: 0).red, 50)
        XCTAssertThrowsError(try animation.nextFrame()) { error in
            XCTAssertEqual(error as? ImageDecodingError, .truncated(format: .png))
        }
    }

    func testAHundredThousandFramesAreRefusedWhenOpened() throws {
        let image = try ImageEncoder.encode(RGBAImage(width: 1, height: 1, red: 1, green: 2, blue: 3), as: .png)
        let bytes = AnimationFiles.apng(
            canvas: PixelSize(width: 1, height: 1), plays: 0, frames: Array(repeating: .init(png: image), count: 100_000))
        XCTAssertThrowsError(try ImageAnimation(bytes)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError,
                .tooManyFrames(format: .png, count: AnimationLimits.defaultFrameLimit + 1, limit: AnimationLimits.defaultFrameLimit))
        }
    }

    func testAPNGWithoutAnimationIsOneFrame() throws {
        let bytes = try ImageEncoder.encode(RGBAImage(width: 3, height: 2, red: 1, green: 2, blue: 3), as: .png)
        let animation = try ImageAnimation(bytes)
        XCTAssertFalse(animation.isAnimated)
        XCTAssertEqual(try animation.nextFrame()?.image, try ImageDecoder.decode(bytes).image)
        XCTAssertNil(try animation.nextFrame())
    }

    /// Where each chunk of `type` starts (its length field).
    private static func offsets(of type: String, in png: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == type { offsets.append(offset) }
            offset += 12 + length
        }
        return offsets
    }
}
