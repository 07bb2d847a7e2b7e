package import Foundation

/// Animated GIFs made by the reference tools: ImageMagick draws each flat frame, gifsicle
/// assembles them.
package enum AnimatedGIF {
    /// The bytes of a GIF of flat frames of `size` pixels ("30x20"), one per colour
    /// ("rgb(0,0,255)"), each shown `delay` hundredths of a second, played as `loop` says:
    /// "forever", "none" (no NETSCAPE2.0 block: one play), or a count (gifsicle's
    /// `--loopcount=N`, N repetitions after the first play).
    ///
    /// - Throws: when ImageMagick or gifsicle is missing or fails.
    package static func make(colors: [String], size: String, delay: Int = 20, loop: String = "forever") throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-gif-\(UUID().uuidString)")
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
}
