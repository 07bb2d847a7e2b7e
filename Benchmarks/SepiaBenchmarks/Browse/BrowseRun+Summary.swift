import Foundation

extension BrowseRun {
    /// Prints the final table: each figure, its target, and PASS or MISS.
    func printSummary(latency: LatencyResults?, flings: [FlingResult], memory: [MemoryResult]) {
        var rows: [[String]] = []
        if let latency { rows += Self.summaryRows(latency) }
        for fling in flings {
            let label = "fling, --prefetch \(fling.prefetch)"
            rows.append(Self.wasteRow("\(label): bytes for rows never shown", fling.bytesNeverShown))
            if let filtered = try? fling.filteredNeverShown() {
                rows.append(Self.wasteRow("\(label): filtered rows never shown", filtered))
            }
        }
        for result in memory {
            let peak = result.stats.optional("peakResidentBytes")
            let measured = LatencyText.mebibytes(peak) + (result.serverPeak.map { " (\(LatencyText.mebibytes(peak - $0)))" } ?? "")
            rows.append(["peak RSS, \(result.label) (less the server alone)", measured, "—", "info"])
        }
        TextTable(headers: ["figure", "measured", "target", ""], rows: rows).print(title: "== Summary ==")
    }

    private static func summaryRows(_ latency: LatencyResults) -> [[String]] {
        let baseline = LatencySummary(latency.baseline.firstOutputs)
        let first = LatencySummary(latency.normal.firstOutputs)
        let effect = LatencySummary(latency.normal.effects)
        let naiveEffect = LatencySummary(latency.naive.effects)
        let targets = latencyTargets
        let p99Target = String(format: "<= %.0f ms", targets.p99), maxTarget = String(format: "<= %.0f ms", targets.max)
        func milliseconds(_ value: Double) -> String { LatencyText.milliseconds(value, cap: 2) + " ms" }
        return [
            [
                "tmux baseline (raw cat), first output p50 / p99",
                "\(LatencyText.milliseconds(baseline.p50)) / \(LatencyText.milliseconds(baseline.p99)) ms", "—", "info",
            ],
            ["key -> first output, p99", milliseconds(first.p99), p99Target, verdict(first.p99, targets.p99)],
            ["key -> first output, max", milliseconds(first.max), maxTarget, verdict(first.max, targets.max)],
            ["key -> row change shown, p99", milliseconds(effect.p99), p99Target, verdict(effect.p99, targets.p99)],
            ["key -> row change shown, max", milliseconds(effect.max), maxTarget, verdict(effect.max, targets.max)],
            ["naive / normal, row change p50", LatencyText.ratio(naiveEffect.p50, over: effect.p50, cap: 2), "—", "info"],
            ["naive / normal, row change p99", LatencyText.ratio(naiveEffect.p99, over: effect.p99, cap: 2), "—", "info"],
        ]
            + latency.pictureModes.map { run in
                let p99 = LatencySummary(run.effects).p99
                return [
                    "key -> row change shown, p99, \(run.name.replacingOccurrences(of: "sepia demo ", with: ""))",
                    milliseconds(p99), p99Target, verdict(p99, targets.p99),
                ]
            }
    }

    private static func wasteRow(_ figure: String, _ share: Double) -> [String] {
        [figure, String(format: "%.1f%%", share), String(format: "<= %.0f%%", wasteTarget), verdict(share, wasteTarget)]
    }

    /// PASS when `value` is at most `limit`, MISS otherwise.
    private static func verdict(_ value: Double, _ limit: Double) -> String {
        value <= limit ? "PASS" : "MISS"
    }
}
