import Foundation
import SepiaImaging
import SepiaTestSupport

/// An animation as Pillow (PyPI, which `scripts/install-deps` installs into `.venv`) reads it:
/// its canvas, loop count, and every frame composited (`ImageSequence`, converted to RGBA) with
/// its duration. Pillow composes APNG frames itself; for WebP it uses libwebp's decoder too.
struct AnimationReference {
    /// Pillow's `info["loop"]`: the file's own loop number, nil when the file has none.
    let loop: Int?
    /// Each frame's `info["duration"]`, in milliseconds.
    let durations: [Int]
    /// The frames, as RGBA canvases.
    let frames: [RGBAImage]

    private struct Answer: Decodable {
        let loop: Int?
        let durations: [Int]
    }

    /// The repository's root: this file is Tests/SepiaImagingTests/Support/AnimationReference.swift.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Pillow's reading of the file `name` in `tools`' folder.
    static func of(_ name: String, in tools: ImageTools) throws -> AnimationReference {
        let python = repository.appendingPathComponent(".venv/bin/python3")
        guard ExecutableFile.isExecutable(python) else {
            throw DebianTool.Failure(description: "\(python.path) is missing: scripts/install-deps installs Pillow (PyPI) into .venv")
        }
        let result = try CommandRunner.run(
            python, ["-c", program, tools.folder.appendingPathComponent(name).path], environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw DebianTool.Failure(description: "Pillow failed: \(result.errorOutput)") }
        let answer = try JSONDecoder().decode(Answer.self, from: Data(result.output.utf8))
        let frames = try (0..<answer.durations.count).map { index in
            try ImageDecoder.decode(tools.read("\(name)-pillow-\(index).png"), options: .init(convertsToSRGB: false)).image
        }
        return AnimationReference(loop: answer.loop, durations: answer.durations, frames: frames)
    }

    /// Writes each frame beside the file as NAME-pillow-N.png and prints the loop and durations.
    private static let program = """
        import json, sys
        from PIL import Image, ImageSequence
        path = sys.argv[1]
        image = Image.open(path)
        durations = []
        for index, frame in enumerate(ImageSequence.Iterator(image)):
            frame.convert("RGBA").save(f"{path}-pillow-{index}.png")
            # Read once the frame is loaded: Pillow's WebP plugin sets it then.
            durations.append(int(frame.info.get("duration", 0)))
        print(json.dumps({"loop": image.info.get("loop"), "durations": durations}))
        """
}
