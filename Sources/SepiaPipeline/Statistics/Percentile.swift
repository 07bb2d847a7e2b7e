/// Percentiles of measurements (timings, latencies), for the batch report, the desktop
/// benchmark's probe and the benchmarks, so that every figure called "p99" means the same.
package enum Percentile {
    /// The nearest-rank percentile `fraction` (0...1) of `sorted` (ascending): the smallest
    /// value with at least that share of the values at or below it. Nil when `sorted` is empty.
    package static func nearestRank(_ fraction: Double, ofSorted sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
