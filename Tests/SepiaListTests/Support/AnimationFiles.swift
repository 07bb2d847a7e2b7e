import Foundation
import SepiaTestSupport

/// Noisy animated GIFs made by ImageMagick and gifsicle, slow to decode, for the playback tests
/// (flat ones come from `AnimatedGIF`).
enum AnimationFiles {
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
