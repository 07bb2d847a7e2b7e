import ArgumentParser
import Foundation
import SepiaDemoContent
import SepiaImaging

/// Animated GIF, WebP and APNG decoding, every frame composited into a canvas, through Sepia's
/// `ImageAnimation` against Pillow's `ImageSequence` (each frame converted to RGBA, timed inside
/// Python so that its start-up is left out) on the same files, made by gifsicle, img2webp and
/// apngasm from generated photos that move a few pixels a frame.
struct AnimationDecodeBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animation",
        abstract: "Frames decoded per second for GIF, WebP and APNG animations: Sepia against Pillow on the same files."
    )

    @Option(help: "Frames per animation.")
    var frames = 60

    @Option(help: "Canvas size, WIDTHxHEIGHT.")
    var size = "320x240"

    @Option(help: "Decodes of each whole animation per side (the median is reported).")
    var rounds = 5

    func run() throws {
        let sides = size.split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2, sides.allSatisfy({ $0 > 0 }), frames > 1 else { throw ValidationError("bad size or frame count") }
        let canvas = PixelSize(width: sides[0], height: sides[1])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-bench-animation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try writeFrames(canvas: canvas, in: folder)
        let files: [(kind: String, file: String, arguments: [String], tool: String)] = [
            (
                "GIF (gifsicle)", "anim.gif", ["--loopcount=0", "-d", "4", "-O2"] + names.map { $0 + ".gif" } + ["-o", "anim.gif"],
                "gifsicle"
            ),
            ("WebP lossy (img2webp)", "anim.webp", ["-lossy", "-d", "40"] + names.map { $0 + ".png" } + ["-o", "anim.webp"], "img2webp"),
            ("APNG (apngasm)", "anim.png", ["anim.png"] + names.map { $0 + ".png" } + ["1", "25", "-z0"], "apngasm"),
        ]
        print(
            "Animation decode, \(frames) frames of \(canvas), every frame a composited canvas: frames per second (median of \(rounds));"
                + " ratio = Sepia / Pillow (> 1: Sepia is faster)")
        for entry in files {
            try Tool.run(entry.tool, entry.arguments, in: folder)
            let data = try [UInt8](Data(contentsOf: folder.appendingPathComponent(entry.file)))
            let sepia = Measurement.run("Sepia", megapixels: 0, rounds: rounds) {
                do {
                    let animation = try ImageAnimation(data)
                    while try animation.nextFrame() != nil {}
                } catch { fatalError("Sepia could not decode \(entry.file): \(error)") }
            }.median
            let pillow = try Tool.pillowSeconds(folder.appendingPathComponent(entry.file), rounds: rounds)
            let ours = Double(frames) / sepia, theirs = Double(frames) / pillow
            print(
                String(
                    format: "  %@ %8d bytes  Sepia %8.0f frames/s  Pillow %8.0f frames/s  (ratio %.2f)",
                    entry.kind.padding(toLength: 24, withPad: " ", startingAt: 0), data.count, ours, theirs, ours / theirs))
        }
    }

    /// Writes each frame as NAME.png and NAME.gif (ImageMagick's palette) and returns the names:
    /// a generated photo, its window moved 2 pixels right and 1 down a frame.
    private func writeFrames(canvas: PixelSize, in folder: URL) throws -> [String] {
        let photo = PhotoGenerator(seed: 7).render(width: canvas.width + 2 * frames, height: canvas.height + frames)
        return try (0..<frames).map { index in
            let name = String(format: "frame-%04d", index)
            let window = RGBAImage(width: canvas.width, height: canvas.height) { pixels in
                for row in 0..<canvas.height {
                    let from = (row + index) * photo.bytesPerRow + 2 * index * RGBAImage.bytesPerPixel
                    for byte in 0..<canvas.width * RGBAImage.bytesPerPixel {
                        pixels[row * canvas.width * RGBAImage.bytesPerPixel + byte] = photo.pixels[from + byte]
                    }
                }
            }
            try Data(ImageEncoder.encode(window, as: .png)).write(to: folder.appendingPathComponent(name + ".png"))
            try Tool.run("convert", [name + ".png", name + ".gif"], in: folder)
            return name
        }
    }
}

/// The reference tools, run to their end.
private enum Tool {
    /// The repository's root: this file is Benchmarks/SepiaBenchmarks/Codecs/AnimationDecodeBenchmark.swift.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `tool` (from /usr/bin, or a path) with `arguments` in `folder`; returns its standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/" + tool)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw ValidationError("\(tool) is missing: scripts/install-deps installs it") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("\(tool) \(arguments.prefix(4).joined(separator: " ")) failed") }
        return text
    }

    /// The median seconds Pillow takes to compose every frame of `file` as RGBA, timed in Python.
    static func pillowSeconds(_ file: URL, rounds: Int) throws -> Double {
        let python = repository.appendingPathComponent(".venv/bin/python3").path
        let program = """
            import statistics, sys, time
            from PIL import Image, ImageSequence
            def decode():
                with Image.open(sys.argv[1]) as image:
                    for frame in ImageSequence.Iterator(image):
                        frame.convert("RGBA")
            decode()
            times = []
            for _ in range(int(sys.argv[2])):
                start = time.perf_counter()
                decode()
                times.append(time.perf_counter() - start)
            print(statistics.median(times))
            """
        let text = try run(python, ["-c", program, file.path, String(rounds)], in: file.deletingLastPathComponent())
        guard let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), seconds > 0 else {
            throw ValidationError("Pillow printed no time: \(text)")
        }
        return seconds
    }
}
