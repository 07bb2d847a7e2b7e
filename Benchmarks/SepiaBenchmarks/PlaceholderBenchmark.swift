import ArgumentParser
import Foundation
import SepiaDemoContent
import SepiaImaging

/// The cost of placeholders: drawing a BlurHash and a ThumbHash at the rows' 32 pixels, and
/// writing a ThumbHash and a BlurHash of a photo as `sepia process --thumbhash` and the demo
/// server do. Times per operation, the median of rounds of many operations each.
struct PlaceholderBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "placeholders",
        abstract: "BlurHash and ThumbHash decode and encode, in microseconds per operation."
    )

    @Option(help: "Timed rounds per measurement (the median is reported).")
    var rounds = 15

    @Option(help: "Operations per round.")
    var operations = 2_000

    func run() throws {
        let photo = PhotoGenerator(seed: 42).render(width: 640, height: 480)
        let thumbnail = photo.resized(toFit: ThumbHashEncoder.largestSize)
        var withAlpha = thumbnail
        for index in stride(from: 3, to: withAlpha.pixels.count, by: 8) { withAlpha.pixels[index] = 96 }
        let blurHash43 = PhotoPlaceholder.blurHash(BlurHashEncoder.encode(thumbnail, columns: 4, rows: 3))
        let blurHash99 = PhotoPlaceholder.blurHash(BlurHashEncoder.encode(thumbnail, columns: 9, rows: 9))
        let thumbHash = PhotoPlaceholder.thumbHash(ThumbHashEncoder.encode(thumbnail))
        let thumbHashAlpha = PhotoPlaceholder.thumbHash(ThumbHashEncoder.encode(withAlpha))
        print(
            "Sepia placeholder benchmark: \(rounds) rounds of \(operations) operations, median µs per operation (min-max); "
                + "pictures 32 pixels on the longer side")
        let cases: [(String, Int, () -> Void)] = [
            ("BlurHash 4x3 decode (32x24)", operations, { _ = try? blurHash43.image() }),
            ("BlurHash 9x9 decode (32x24)", operations, { _ = try? blurHash99.image() }),
            ("ThumbHash decode, opaque (32x23)", operations, { _ = try? thumbHash.image() }),
            ("ThumbHash decode, alpha (32x26)", operations, { _ = try? thumbHashAlpha.image() }),
            ("BlurHash 4x3 validate (parse only)", operations, { try? blurHash43.validate() }),
            ("ThumbHash validate (parse only)", operations, { try? thumbHash.validate() }),
            ("ThumbHash encode, 100x75", max(operations / 20, 1), { _ = ThumbHashEncoder.encode(thumbnail) }),
            ("ThumbHash encode, 640x480 (fitted first)", max(operations / 50, 1), { _ = ThumbHashEncoder.encode(photo) }),
            ("BlurHash 4x3 encode, 100x75", max(operations / 20, 1), { _ = BlurHashEncoder.encode(thumbnail) }),
        ]
        for (name, count, work) in cases {
            let measurement = Measurement.run(name, megapixels: 0, rounds: rounds) {
                for _ in 0..<count { work() }
            }
            let perOperation = measurement.seconds.map { $0 / Double(count) * 1e6 }.sorted()
            let median = measurement.median / Double(count) * 1e6
            print(
                name.padding(toLength: 44, withPad: " ", startingAt: 0)
                    + String(format: "%9.2f µs  (%.2f-%.2f)", median, perOperation.first ?? 0, perOperation.last ?? 0))
        }
    }
}
