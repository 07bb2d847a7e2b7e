import ArgumentParser
import Foundation
import SepiaDemoContent
import SepiaImaging

/// The cost of colour management: decoding an Adobe RGB JPEG with and without the conversion
/// to sRGB, in the same run (issue 12: at most 10 % more than the decode alone).
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
                + "\(rounds) rounds, median MP/s (min-max)")
        let converted = try ImageDecoder.decode(jpeg)
        precondition(converted.sourceColorProfile == iccProfile && converted.warnings.isEmpty, "the profile was not applied")

        var report = Report()
        let plain = "JPEG decode, samples as stored"
        let managed = "JPEG decode, converted to sRGB"
        report.add(
            Measurement.run(plain, megapixels: megapixels, rounds: rounds) {
                _ = try? ImageDecoder.decode(jpeg, options: ImageDecodingOptions(convertsToSRGB: false))
            })
        report.add(
            Measurement.run(managed, megapixels: megapixels, rounds: rounds) {
                _ = try? ImageDecoder.decode(jpeg)
            })
        report.printTable()
        report.printRatio("decode time with conversion over without", plain, over: managed)
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
