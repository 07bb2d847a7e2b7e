import ArgumentParser
import Foundation
import SepiaDemoContent
import SepiaImaging

/// Sepia's decoders and encoders next to the same library called from C, on the same bytes.
struct CodecsBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codecs",
        abstract: "Codec throughput through Sepia against the same library called from C, alternating rounds."
    )

    /// The format families measured, in order. Add a family's table here.
    private var tables: [CodecComparisonTable] {
        [WebPGIFComparisons.rows, TIFFComparisons.rows, { [heic] photo in try HEIFComparisons.rows(photo, heic: heic) }]
    }

    @Option(help: "Width of the generated photo in pixels.")
    var width = 2000

    @Option(help: "Height of the generated photo in pixels.")
    var height = 1500

    @Option(help: "Timed rounds per side (the median is reported).")
    var rounds = 9

    @Option(help: "A HEIC file to decode too (nothing here writes HEVC).")
    var heic: String?

    func run() throws {
        let photo = PhotoGenerator(seed: 42).render(width: width, height: height)
        print(
            "Sepia codecs benchmark: \(width)x\(height), \(rounds) alternating rounds, "
                + "median MP/s (min-max); ratio = Sepia / C (target >= 0.95)")
        let rows = try tables.flatMap { try $0(photo) }
        let nameWidth = (rows.map(\.name.count).max() ?? 0) + 2
        for row in rows {
            let (sepia, reference) = Self.alternate(row, rounds: rounds)
            let name = row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            print(
                "  \(name)Sepia \(Self.format(sepia))  C \(Self.format(reference))  ratio "
                    + String(format: "%.3f", sepia.megapixelsPerSecond / reference.megapixelsPerSecond)
                    + (row.sameOutput ? "" : "  (OUTPUTS DIFFER)"))
        }
        AVIFEncodeSpeeds.printFigures(photo)
    }

    /// Warms both sides up, then times them one after the other, `rounds` times each.
    private static func alternate(_ row: CodecComparison, rounds: Int) -> (sepia: Measurement, reference: Measurement) {
        row.sepia()
        row.reference()
        let clock = ContinuousClock()
        var sepia: [Double] = []
        var reference: [Double] = []
        for _ in 0..<rounds {
            sepia.append(clock.measure(row.sepia).seconds)
            reference.append(clock.measure(row.reference).seconds)
        }
        return (
            Measurement(name: row.name + ", Sepia", seconds: sepia, megapixels: row.megapixels),
            Measurement(name: row.name + ", C", seconds: reference, megapixels: row.megapixels)
        )
    }

    private static func format(_ measurement: Measurement) -> String {
        let range = measurement.range
        return String(format: "%7.1f (%.1f-%.1f)", measurement.megapixelsPerSecond, range.low, range.high)
    }
}
