import ArgumentParser
import Foundation
import SepiaDemoContent
import SepiaImaging

/// The cost of colour management: decoding an Adobe RGB JPEG with and without the conversion
/// to sRGB, in alternating rounds of the same run (issue 12: at most 10 % more than the decode
/// alone). Wall time is the target; the CPU time of all threads shows what the conversion costs
/// when no core is idle (it runs on another core while the decoder goes on).
struct ColourBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "colour",
        abstract: "JPEG decode time with and without ICC conversion to sRGB (Adobe RGB profile)."
    )

    @Option(help: "Width of the generated photo in pixels.")
    var width = 4000

    @Option(help: "Height of the generated photo in pixels.")
    var height = 3000

    @Option(help: "Timed rounds per measurement (the median is reported).")
    var rounds = 9

    @Option(help: "The ICC profile to embed (Adobe RGB (1998) compatible, from Debian's libgs-common).")
    var profile = "/usr/share/color/icc/ghostscript/a98.icc"

    func run() throws {
        let iccProfile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: profile)))
        let photo = PhotoGenerator(seed: 42).render(width: width, height: height)
        let jpeg = Self.embedding(iccProfile, in: try ImageEncoder.encode(photo, as: .jpeg(quality: 90)))
        let megapixels = Double(photo.pixelCount) / 1e6
        print(
            "Sepia colour benchmark: \(width)x\(height) (\(String(format: "%.1f", megapixels)) MP) JPEG with \(profile), "
                + "\(rounds) alternating rounds, median MP/s (min-max)")
        let converted = try ImageDecoder.decode(jpeg)
        precondition(converted.sourceColorProfile == iccProfile && converted.warnings.isEmpty, "the profile was not applied")

        let plain = Side(name: "JPEG decode, samples as stored") {
            _ = try? ImageDecoder.decode(jpeg, options: ImageDecodingOptions(convertsToSRGB: false))
        }
        let managed = Side(name: "JPEG decode, converted to sRGB") { _ = try? ImageDecoder.decode(jpeg) }
        let sides = [plain, managed]
        for side in sides { side.work() }
        // Alternating rounds, so that both sides meet the same load.
        var wall = [[Double]](repeating: [], count: sides.count)
        var processor = [[Double]](repeating: [], count: sides.count)
        for _ in 0..<rounds {
            for (index, side) in sides.enumerated() {
                let cpuBefore = Self.processCPUSeconds()
                let start = ContinuousClock.now
                side.work()
                let elapsed = ContinuousClock.now - start
                wall[index].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
                processor[index].append(Self.processCPUSeconds() - cpuBefore)
            }
        }
        var report = Report()
        for (index, side) in sides.enumerated() {
            report.add(Measurement(name: side.name, seconds: wall[index], megapixels: megapixels))
        }
        report.printTable()
        report.printRatio("wall time with conversion over without (target <= 1.10)", plain.name, over: managed.name)
        let cpuRatio = Self.median(processor[1]) / Self.median(processor[0])
        print(
            "CPU time of all threads with conversion over without: " + String(format: "%.3f", cpuRatio)
                + String(format: " (median %.1f ms against %.1f ms)", Self.median(processor[1]) * 1e3, Self.median(processor[0]) * 1e3))
    }

    /// One way of decoding the photo.
    private struct Side {
        let name: String
        let work: () -> Void
    }

    /// CPU seconds the process has used so far, on all its threads.
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    private static func median(_ values: [Double]) -> Double {
        Measurement(name: "", seconds: values, megapixels: 1).median
    }

    /// `jpeg` with `profile` in one APP2 "ICC_PROFILE" segment right after SOI (ICC.1:2010,
    /// annex B.4: the identifier, sequence number 1 of 1, the profile).
    private static func embedding(_ profile: [UInt8], in jpeg: [UInt8]) -> [UInt8] {
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile
        precondition(payload.count + 2 <= 0xFFFF, "the profile needs more than one segment")
        let length = payload.count + 2
        let segment = [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[..<2]) + segment + Array(jpeg[2...])
    }
}
