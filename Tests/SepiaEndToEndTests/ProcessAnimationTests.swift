import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process` on an animated GIF made by gifsicle: `--format webp` writes an animated WebP
/// whose frames, durations and loop count webpmux reads back, every frame filtered;
/// `--first-frame` and the other formats write the first frame only.
final class ProcessAnimationTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-animation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String], package: String) throws -> String {
        try DebianTool.text(of: tool, arguments, in: folder, package: package)
    }

    /// Three 48×32 frames, pure blue, green and red, shown 0.1 s, 0.2 s and 0.3 s, repeated twice
    /// after the first play (three plays).
    private func makeAnimation() throws -> String {
        for (name, color) in [("blue", "rgb(0,0,255)"), ("green", "rgb(0,255,0)"), ("red", "rgb(255,0,0)")] {
            try run("convert", ["-size", "48x32", "xc:\(color)", "\(name).gif"], package: "imagemagick")
        }
        try run(
            "gifsicle", ["--loopcount=2", "-d", "10", "blue.gif", "-d", "20", "green.gif", "-d", "30", "red.gif", "-o", "anim.gif"],
            package: "gifsicle")
        return folder.appendingPathComponent("anim.gif").path
    }

    private func process(_ arguments: [String]) throws -> URL {
        let output = folder.appendingPathComponent("out-\(UUID().uuidString)")
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(), ["process"] + arguments + ["-o", output.path], environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, "\(result.output) \(result.errorOutput)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
        XCTAssertEqual(files.count, 1, "\(files)")
        return output.appendingPathComponent(try XCTUnwrap(files.first))
    }

    func testWebPOutputKeepsEveryFrameWithItsTimingFiltered() throws {
        let animation = try makeAnimation()
        for format in ["webp", "webp-lossless"] {
            let written = try process([animation, "--format", format])
            let info = try run("webpmux", ["-info", written.path], package: "webp")
            XCTAssertTrue(info.contains("Features present: animation"), info)
            XCTAssertTrue(info.contains("Loop Count : 3"), "gifsicle's 2 repetitions are 3 plays: \(info)")
            XCTAssertTrue(info.contains("Number of frames: 3"), info)
            let durations = info.split(separator: "\n").filter { $0.contains(":") && $0.first == " " }.compactMap { line in
                line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(6).first.flatMap { Int($0) }
            }
            XCTAssertEqual(durations, [100, 200, 300], info)
            // The first frame, pure blue, is filtered as the still path filters it.
            try run("webpmux", ["-get", "frame", "1", written.path, "-o", "first.webp"], package: "webp")
            let still = try process([animation, "--format", format, "--first-frame"])
            let (animated, alone) = (try lastPixel(of: folder.appendingPathComponent("first.webp")), try lastPixel(of: still))
            XCTAssertTrue(animated[0] > 0 && animated[2] < 128, "\(format): sepia-toned, not blue: \(animated)")
            let tolerance = format == "webp" ? 3 : 0
            XCTAssertTrue(
                zip(animated, alone).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }, "\(format): \(animated) against \(alone)")
        }
    }

    /// The red, green and blue of the last pixel of a WebP, as dwebp decodes it.
    private func lastPixel(of webp: URL) throws -> [UInt8] {
        let ppm = folder.appendingPathComponent("pixel-\(UUID().uuidString).ppm")
        try run("dwebp", [webp.path, "-ppm", "-o", ppm.path], package: "webp")
        return Array([UInt8](try Data(contentsOf: ppm)).suffix(3))
    }

    func testFirstFrameAndOtherFormatsWriteOneFrame() throws {
        let animation = try makeAnimation()
        let still = try process([animation, "--format", "webp", "--first-frame"])
        let info = try run("webpmux", ["-info", still.path], package: "webp")
        XCTAssertFalse(info.contains("animation"), info)
        let jpeg = try process([animation, "--format", "jpeg", "--size", "24x16"])
        let identify = try run("identify", [jpeg.path], package: "imagemagick")
        XCTAssertTrue(identify.contains("JPEG 24x16"), identify)
    }

    func testAFittedAnimationKeepsItsFramesAtTheFittedSize() throws {
        let written = try process([try makeAnimation(), "--format", "webp", "--size", "24x24"])
        let info = try run("webpmux", ["-info", written.path], package: "webp")
        XCTAssertTrue(info.contains("Canvas size: 24 x 16"), info)
        XCTAssertTrue(info.contains("Number of frames: 3"), info)
    }
}
