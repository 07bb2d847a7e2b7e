import ArgumentParser
import CSepiaCodecs
import Foundation
import SepiaDemoContent
import SepiaImaging

/// JPEG XL decoding through Sepia (libjxl on the calling thread, into an RGBA image) against
/// libjxl's own `djxl` decoding the same files to pixels, as `djxl --num_reps` times itself
/// (the decode alone: no output file), with one worker thread and with two. The files are
/// generated photos encoded by `cjxl`, lossy (distance 1, libjxl's default) and lossless.
struct JXLDecodeBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jxl",
        abstract: "JPEG XL decoding through Sepia against libjxl's djxl on the same files; encoder efforts."
    )

    @Option(help: "Photos per size and kind (different scenes).")
    var photos = 3

    @Option(help: "Decodes per file and side (the median is reported; djxl reports its geometric mean).")
    var rounds = 5

    @Option(help: "Sizes, WIDTHxHEIGHT separated by commas.")
    var sizes = "640x480,1600x1200"

    /// The cjxl settings of each kind of file measured.
    private static let kinds: [(name: String, options: [String])] = [("lossy d1", ["-d", "1"]), ("lossless", ["-d", "0"])]

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-bench-jxl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print(
            "JPEG XL decode: Sepia (1 thread) against djxl (1 and 2 worker threads), \(photos) photos a row, \(rounds) decodes each;"
                + " ms per photo (mean of each file's median), bytes per file; ratio = djxl time / Sepia time (> 1: Sepia is faster)")
        for size in try parsedSizes() {
            for kind in Self.kinds {
                var row = Row()
                for seed in 1...max(photos, 1) {
                    let photo = PhotoGenerator(seed: UInt64(seed)).render(width: size.width, height: size.height)
                    let file = folder.appendingPathComponent("\(size.width)x\(size.height)-\(seed).jxl")
                    try encode(photo, as: file, options: kind.options, in: folder)
                    try row.add(file: file, megapixels: Double(size.pixelCount) / 1e6, rounds: rounds)
                }
                print("  \("\(size.width)x\(size.height) \(kind.name)".padding(toLength: 24, withPad: " ", startingAt: 0))\(row)")
            }
        }
        if let largest = try parsedSizes().last {
            JXLEncodeEfforts.printFigures(PhotoGenerator(seed: 1).render(width: largest.width, height: largest.height))
        }
    }

    private func parsedSizes() throws -> [PixelSize] {
        try sizes.split(separator: ",").map { text in
            let sides = text.split(separator: "x").compactMap { Int($0) }
            guard sides.count == 2, sides.allSatisfy({ $0 > 0 }) else { throw ValidationError("bad size \(text)") }
            return PixelSize(width: sides[0], height: sides[1])
        }
    }

    /// Writes `photo` as a PNG and encodes it with cjxl into `file`.
    private func encode(_ photo: RGBAImage, as file: URL, options: [String], in folder: URL) throws {
        let png = folder.appendingPathComponent("source.png")
        try Data(ImageEncoder.encode(photo, as: .png)).write(to: png)
        _ = try Tool.run("cjxl", [png.path, file.path, "--quiet"] + options)
    }

    /// The times of one size and kind, summed over its photos.
    private struct Row: CustomStringConvertible {
        var bytes = 0
        var sepia: [Double] = []
        var djxlOneThread: [Double] = []
        var djxlTwoThreads: [Double] = []

        mutating func add(file: URL, megapixels: Double, rounds: Int) throws {
            let data = try [UInt8](Data(contentsOf: file))
            bytes += data.count
            sepia.append(
                Measurement.run("Sepia", megapixels: megapixels, rounds: rounds) {
                    do { _ = try ImageDecoder.decode(data) } catch { fatalError("Sepia could not decode \(file.path): \(error)") }
                }.median)
            djxlOneThread.append(try Tool.djxlSeconds(file, megapixels: megapixels, threads: 1, rounds: rounds))
            djxlTwoThreads.append(try Tool.djxlSeconds(file, megapixels: megapixels, threads: 2, rounds: rounds))
        }

        var description: String {
            func ms(_ seconds: [Double]) -> Double { seconds.reduce(0, +) / Double(max(seconds.count, 1)) * 1000 }
            let ours = ms(sepia), one = ms(djxlOneThread), two = ms(djxlTwoThreads)
            return String(
                format: "%8d bytes  Sepia %7.2f ms  djxl 1 thread %7.2f ms (ratio %.2f)  djxl 2 threads %7.2f ms (ratio %.2f)",
                bytes / max(sepia.count, 1), ours, one, one / ours, two, two / ours)
        }
    }
}

/// libjxl's command-line tools, run to their end.
private enum Tool {
    /// Runs `tool` with `arguments` and returns what it printed on standard error (djxl's figures).
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { throw ValidationError("\(tool) is missing: install libjxl-tools (scripts/install-deps)") }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("\(tool) \(arguments.joined(separator: " ")) failed: \(text)") }
        return text
    }

    /// Seconds djxl takes to decode `file` to pixels with `threads` workers, from the geometric
    /// mean of the MP/s it reports over `rounds` decodes ("1600 x 1200, geomean: 18.84 MP/s").
    static func djxlSeconds(_ file: URL, megapixels: Double, threads: Int, rounds: Int) throws -> Double {
        let report = try run("djxl", [file.path, "--num_reps=\(rounds)", "--num_threads=\(threads)"])
        guard let range = report.range(of: #"[0-9.]+ MP/s"#, options: .regularExpression),
            let speed = Double(report[range].dropLast(" MP/s".count)), speed > 0
        else { throw ValidationError("djxl printed no speed: \(report)") }
        return megapixels / speed
    }
}
