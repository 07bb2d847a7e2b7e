import Foundation
import SepiaPipeline

/// The median, 99th percentile and maximum of a list of milliseconds; a timeout counts as
/// infinity, so a percentile that reaches one is infinite too.
struct LatencySummary {
    let p50: Double
    let p99: Double
    let max: Double

    /// The summary of `values` (not a number for an empty list).
    init(_ values: [Double]) {
        let ordered = values.sorted()
        p50 = Percentile.nearestRank(0.50, ofSorted: ordered) ?? .nan
        p99 = Percentile.nearestRank(0.99, ofSorted: ordered) ?? .nan
        max = ordered.last ?? .nan
    }
}

/// How the browser benchmark writes figures in its tables.
enum LatencyText {
    /// Milliseconds with one decimal; a timeout (infinity) as `>2000` when the cap is given,
    /// else `timeout`; no figure (not a number) as a dash.
    static func milliseconds(_ value: Double, cap: TimeInterval? = nil) -> String {
        if value.isInfinite { return cap.map { String(format: ">%.0f", $0 * 1000) } ?? "timeout" }
        if value.isNaN { return "—" }
        return String(format: "%.1f", value)
    }

    /// `numerator / denominator` as `12.3×`, or `>N×` when the numerator timed out after
    /// `cap` seconds; a dash when the denominator is no figure.
    static func ratio(_ numerator: Double, over denominator: Double, cap: TimeInterval) -> String {
        guard denominator != 0, denominator.isFinite else { return "—" }
        if numerator.isInfinite { return String(format: ">%.0f×", cap * 1000 / denominator) }
        return String(format: "%.1f×", numerator / denominator)
    }

    /// `part / whole` in percent (0 when `whole` is 0).
    static func share(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 0 : 100 * Double(part) / Double(whole)
    }

    /// Bytes as whole mebibytes: `82 MiB`.
    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.0f MiB", Double(bytes) / 1_048_576)
    }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) * 1e-15
    }
}
