import Foundation
import SepiaTestSupport

/// Animated GIFs made by ImageMagick and gifsicle, for the playback tests.
enum AnimationFiles {
    /// A GIF of flat frames of `size` pixels ("30x20"), one per colour ("rgb(0,0,255)"), each
    /// shown `delay` hundredths of a second, played `loop` times ("forever", or a count: gifsicle's
    /// `--loopcount=N` is N repetitions after the first play).
    static func gif(colors: [String], size: String = "30x20", delay: Int = 20, loop: String = "forever") throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-playback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var frames: [String] = []
        for (index, color) in colors.enumerated() {
            try DebianTool.run("convert", ["-size", size, "xc:\(color)", "f\(index).gif"], in: folder, package: "imagemagick")
            frames.append("f\(index).gif")
        }
        let loopArgument = loop == "none" ? "--no-loopcount" : "--loopcount=\(loop)"
        try DebianTool.run("gifsicle", [loopArgument, "-d", "\(delay)"] + frames + ["-o", "anim.gif"], in: folder, package: "gifsicle")
        return try Data(contentsOf: folder.appendingPathComponent("anim.gif"))
    }

    /// A GIF of noisy frames of `size` pixels, slow to decode (LZW gains nothing on noise).
    static func noisyGIF(frames: Int, size: String) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-playback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var names: [String] = []
        for index in 0..<frames {
            try DebianTool.run(
                "convert", ["-size", size, "-seed", "\(index + 1)", "xc:", "+noise", "Random", "f\(index).gif"], in: folder,
                package: "imagemagick")
            names.append("f\(index).gif")
        }
        try DebianTool.run("gifsicle", ["--loopcount=forever", "-d", "10"] + names + ["-o", "anim.gif"], in: folder, package: "gifsicle")
        return try Data(contentsOf: folder.appendingPathComponent("anim.gif"))
    }
}
