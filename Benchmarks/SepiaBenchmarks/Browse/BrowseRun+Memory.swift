import Foundation
import SepiaTestSupport

/// The figures of one memory run: the app's stats after scrolling, and how the scrolling went.
struct MemoryResult {
    /// How far it scrolled, as the tables say it.
    let label: String
    let stats: BrowserStats
    /// PgDn presses.
    let pages: Int
    /// Pages whose rows were not all filtered within 8 s.
    let slowPages: Int
    /// Seconds from the first screen to the quit.
    let seconds: Double
    /// The peak resident bytes of `sepia serve` alone after serving as many photos, when measured.
    var serverPeak: Int?
}

extension BrowseRun {
    /// Peak resident memory after the first screen, ~50, ~250 and all rows (the first two
    /// only when quick), against the demo server alone; prints the table.
    func measureMemory() -> [MemoryResult] {
        Self.printHeading("3. Memory: peak resident set size of `sepia demo` (app and demo server in one process)")
        let plan = [("first screen", 0), ("~50 rows", 50)] + (quick ? [] : [("~250 rows", 250), ("all rows", 10_000)])
        var results = plan.compactMap { label, row in attempt("memory, \(label)") { try memoryRun(label, scrollingTo: row) } }
        let counts = Set(results.compactMap { try? $0.stats.required("downloadedRows") }).sorted()
        let serverPeaks =
            attempt("memory, server alone") {
                try ServerMemory.peaks(of: binary, afterServing: counts, cleanup: cleanup)
            } ?? [:]
        for index in results.indices {
            results[index].serverPeak = (try? results[index].stats.required("downloadedRows")).flatMap { serverPeaks[$0] }
        }
        let rows = plan.map { label, _ in
            results.first { $0.label == label }.map(Self.row) ?? [label, "broken", "", "", "", "", "", "", ""]
        }
        TextTable(
            headers: [
                "scrolled", "rows shown", "downloaded", "pages", "slow pages", "time", "peak RSS",
                "server alone", "difference",
            ], rows: rows
        )
        .print(
            title: "PgDn, then wait until that screen is filtered (at most 8 s: the demo's too-slow entry), "
                + "repeat; settle and quit:")
        print(
            "The app keeps images only for rows within 60 of the screen; its caches hold at most 64 MB of "
                + "originals and 32 MB of processed photos.\nThe demo server keeps every photo it has encoded, in the "
                + "same process: 'server alone' is the peak of `sepia serve` after serving as many photos over "
                + "loopback, and 'difference' estimates the app's own share (both include the runtime's baseline).")
        return results
    }

    /// Scrolls to `row` (0: stays on the first screen), settles and quits: the stats.
    private func memoryRun(_ label: String, scrollingTo row: Int) throws -> MemoryResult {
        let name = "memory-" + label.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "~", with: "")
        let (pane, statsFile) = try startStatsRun(name)
        defer { pane.shutDown() }
        _ = try pane.waitForScreen(for: 60, until: \.isSettled)
        let started = Date()
        let (pages, slowPages) = row > 0 ? try scroll(pane, to: row, pageTimeout: 8) : (0, 0)
        try pane.settle(for: 20)
        let stats = try pane.quitAndReadStats(from: statsFile)
        return MemoryResult(label: label, stats: stats, pages: pages, slowPages: slowPages, seconds: Date().timeIntervalSince(started))
    }

    /// Pages down, waiting up to `pageTimeout` for each screen to be filtered, until the
    /// selection reaches `row` (or the last row); returns the pages and the slow ones.
    private func scroll(_ pane: BrowserPane, to row: Int, pageTimeout: TimeInterval) throws -> (pages: Int, slow: Int) {
        var pages = 0, slow = 0
        while true {
            if let position = try pane.session.capture().rowPosition, position.row >= min(row, position.count) {
                return (pages, slow)
            }
            try pane.session.press("PageDown")
            pages += 1
            Thread.sleep(forTimeInterval: 0.05)
            if try pane.waitForScreen(for: pageTimeout, until: \.isSettled) == nil { slow += 1 }
            if pages > 200 { throw EndToEndError("scrolling did not reach the last row after 200 pages") }
        }
    }

    /// The memory table's row for `result`.
    private static func row(of result: MemoryResult) -> [String] {
        let stats = result.stats
        let peak = stats.optional("peakResidentBytes")
        return [
            result.label, "\((try? stats.required("rowsShown")) ?? 0)", "\((try? stats.required("downloadedRows")) ?? 0)",
            "\(result.pages)", "\(result.slowPages)", String(format: "%.0f s", result.seconds), LatencyText.mebibytes(peak),
            result.serverPeak.map(LatencyText.mebibytes) ?? "—",
            result.serverPeak.map { LatencyText.mebibytes(peak - $0) } ?? "—",
        ]
    }
}
