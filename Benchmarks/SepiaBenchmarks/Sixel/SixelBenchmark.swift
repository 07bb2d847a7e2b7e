import ArgumentParser
import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTerminal
import SepiaTestSupport

/// Sixel encoding of thumbnails (issue 13): Sepia's `SixelEncoder` against libsixel's
/// `img2sixel` and `chafa -f sixel` on the same PNGs, in alternating rounds: time, output bytes
/// and fidelity (PSNR against the source, each output decoded once by ImageMagick, outside the
/// timing). The peers are timed as processes (start-up and PNG decoding included); Sepia both
/// in this process and as a process (`sepia-bench sixel-file`, whose start-up includes
/// ArgumentParser's). Then Sepia with and without dithering.
struct SixelBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sixel",
        abstract: "Sixel encoding time, bytes and PSNR: Sepia against img2sixel and chafa on generated photos."
    )

    @Option(help: "Width of the generated photos in pixels (a multiple of 8, for chafa's 8-pixel cells).")
    var width = 320

    @Option(help: "Height of the generated photos in pixels (a multiple of 8).")
    var height = 240

    @Option(help: "How many photos (seeds 1, 2, …).")
    var photos = 4

    @Option(help: "Timed rounds per encoder and photo (the median is reported).")
    var rounds = 15

    @Option(help: "Colour registers.")
    var registers = SixelEncoder.defaultColorRegisters

    func run() throws {
        guard width % 8 == 0, height % 8 == 0 else { throw ValidationError("width and height must be multiples of 8") }
        let folder = try makeTemporaryCacheDirectory()
        let benchmark = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        print(
            "Sepia sixel benchmark: \(photos) generated photos of \(width)x\(height), \(registers) registers, "
                + "\(rounds) alternating rounds, median ms; load average at start: \(loadAverage())")
        var totals: [String: [Result]] = [:]
        var names: [String] = []
        for seed in 1...photos {
            let photo = PhotoGenerator(seed: UInt64(seed)).render(width: width, height: height)
            let png = folder.appendingPathComponent("photo\(seed).png").path
            try Data(ImageEncoder.encode(photo, as: .png)).write(to: URL(fileURLWithPath: png))
            func output(_ name: String) -> String { folder.appendingPathComponent("\(name)-\(seed).six").path }
            let cells = "\(width / 8)x\(height / 8)"
            let contenders = [
                SixelContender.call("Sepia, in process") { SixelEncoder.encode(photo, colorRegisters: registers) },
                .program(
                    "Sepia, as a process", benchmark, ["sixel-file", png, "--registers", "\(registers)"], outputPath: output("sepia")),
                .program("img2sixel", "img2sixel", ["-p", "\(registers)", png], outputPath: output("img2sixel")),
                .program("chafa", "chafa", ["-f", "sixel", "--font-ratio", "1", "-s", cells, png], outputPath: output("chafa")),
                .program(
                    "chafa --dither diffusion", "chafa", ["-f", "sixel", "--font-ratio", "1", "-s", cells, "--dither", "diffusion", png],
                    outputPath: output("chafa-diffusion")),
            ]
            names = contenders.map(\.name)
            let results = try Self.measure(contenders, rounds: rounds, against: photo)
            for result in results { totals[result.name, default: []].append(result) }
            Self.table(results).print(title: "Photo \(seed) (seed \(seed))")
        }
        let means = names.map { name in Result.mean(of: totals[name] ?? [], name: name) }
        Self.table(means).print(title: "Mean over the \(photos) photos")
        Self.printRatios(means)
        try Self.printStartUp(benchmark: benchmark, folder: folder, rounds: rounds)
        try printChoices()
        print("\nLoad average at the end: \(loadAverage())")
    }

    /// One encoder's figures on one photo (or their mean).
    struct Result {
        let name: String
        let wall: Double
        let cpu: Double
        let bytes: Int
        /// PSNR in dB, nil when the decoded picture has another size.
        let psnr: Double?

        static func mean(of results: [Result], name: String) -> Result {
            func average(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }
            let psnrs = results.compactMap(\.psnr)
            return Result(
                name: name, wall: average(results.map(\.wall)), cpu: average(results.map(\.cpu)),
                bytes: results.map(\.bytes).reduce(0, +) / max(results.count, 1),
                psnr: psnrs.count == results.count ? average(psnrs) : nil)
        }
    }

    /// Times `contenders` in alternating rounds after one warm-up each, then decodes each one's
    /// output with ImageMagick for its PSNR against `photo`.
    private static func measure(_ contenders: [SixelContender], rounds: Int, against photo: RGBAImage) throws -> [Result] {
        for contender in contenders { _ = try contender.encode() }
        var timings = [[ChildProcess.Timing]](repeating: [], count: contenders.count)
        for _ in 0..<rounds {
            for (index, contender) in contenders.enumerated() { timings[index].append(try contender.encode()) }
        }
        return try contenders.enumerated().map { index, contender in
            let sixel = try contender.output()
            let decoded = try ImageDecoder.decode([UInt8](SixelDecoding.imageMagickPNG(of: sixel))).image
            let psnr = decoded.size == photo.size ? decoded.peakSignalToNoiseRatio(against: photo) : nil
            return Result(
                name: contender.name, wall: Measurement(name: contender.name, seconds: timings[index].map(\.wall), megapixels: 1).median,
                cpu: Measurement(name: contender.name, seconds: timings[index].map(\.cpu), megapixels: 1).median,
                bytes: sixel.count, psnr: psnr)
        }
    }

    private static func table(_ results: [Result]) -> TextTable {
        TextTable(
            headers: ["encoder", "wall ms", "CPU ms", "bytes", "PSNR dB"],
            rows: results.map { result in
                [
                    result.name, String(format: "%.2f", result.wall * 1e3), String(format: "%.2f", result.cpu * 1e3), "\(result.bytes)",
                    result.psnr.map { String(format: "%.2f", $0) } ?? "wrong size",
                ]
            })
    }

    private static func printRatios(_ means: [Result]) {
        func find(_ name: String) -> Result? { means.first { $0.name == name } }
        guard let inProcess = find("Sepia, in process"), let process = find("Sepia, as a process") else { return }
        print("\nRatios (peer wall time / Sepia's; PSNR difference Sepia - peer; target: img2sixel / Sepia >= 1 at >= its PSNR):")
        for peer in means where !peer.name.hasPrefix("Sepia") {
            var psnr = "n/a"
            if let mine = inProcess.psnr, let theirs = peer.psnr { psnr = String(format: "%+.2f dB", mine - theirs) }
            print(
                "  \(peer.name): "
                    + String(
                        format: "%.2fx Sepia in process, %.2fx Sepia as a process", peer.wall / inProcess.wall, peer.wall / process.wall)
                    + ", PSNR \(psnr)")
        }
    }

    /// What a process costs before any picture: `sepia-bench sixel-file` and `img2sixel` on a
    /// 1 × 1 PNG, so that "Sepia, as a process" can be read as start-up plus encoding.
    private static func printStartUp(benchmark: String, folder: URL, rounds: Int) throws {
        let png = folder.appendingPathComponent("pixel.png").path
        try Data(ImageEncoder.encode(RGBAImage(width: 1, height: 1, red: 9, green: 99, blue: 199), as: .png)).write(
            to: URL(fileURLWithPath: png))
        let output = folder.appendingPathComponent("pixel.six").path
        let contenders = [
            SixelContender.program("sepia-bench sixel-file", benchmark, ["sixel-file", png], outputPath: output),
            .program("img2sixel", "img2sixel", [png], outputPath: output),
        ]
        var medians: [String] = []
        for contender in contenders {
            _ = try contender.encode()
            let seconds = try (0..<rounds).map { _ in try contender.encode().wall }
            medians.append(
                "\(contender.name) " + String(format: "%.2f ms", Measurement(name: "", seconds: seconds, megapixels: 1).median * 1e3))
        }
        print("\nStart-up, a 1x1 PNG (median wall time): " + medians.joined(separator: ", "))
    }

    /// Sepia's encoder with and without dithering on the same photos: what Floyd–Steinberg
    /// costs in time, bytes and PSNR.
    private func printChoices() throws {
        var rows: [[String]] = []
        for dithering in SixelDithering.allCases {
            var results: [Result] = []
            for seed in 1...photos {
                let photo = PhotoGenerator(seed: UInt64(seed)).render(width: width, height: height)
                let contender = SixelContender.call("") { SixelEncoder.encode(photo, colorRegisters: registers, dithering: dithering) }
                results += try Self.measure([contender], rounds: rounds, against: photo)
            }
            let mean = Result.mean(of: results, name: "")
            rows.append([
                "\(dithering)", String(format: "%.2f", mean.wall * 1e3), "\(mean.bytes)",
                mean.psnr.map { String(format: "%.2f", $0) } ?? "-",
            ])
        }
        TextTable(headers: ["dithering", "ms", "bytes", "PSNR dB"], rows: rows)
            .print(title: "Sepia with and without dithering, in process, mean over the photos (default: floydSteinberg)")
    }
}
