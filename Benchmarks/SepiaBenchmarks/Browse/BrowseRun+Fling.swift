import Foundation
import SepiaTestSupport

/// The figures of one fling: the app's stats after it, and how long `G` to `g` took.
struct FlingResult {
    /// The `--prefetch` the app ran with.
    let prefetch: Int
    let stats: BrowserStats
    /// Seconds from pressing `G` to pressing `g`.
    let seconds: Double

    /// Bytes received for rows never on screen, as a share of all bytes received, in percent.
    var bytesNeverShown: Double {
        LatencyText.share(stats.optional("bytesReceivedNeverShown"), of: stats.optional("bytesReceived"))
    }

    /// Rows filtered but never on screen, as a share of all rows filtered, in percent.
    func filteredNeverShown() throws -> Double {
        LatencyText.share(try stats.required("filteredRowsNeverShown"), of: try stats.required("filteredRows"))
    }
}

extension BrowseRun {
    /// The target for the share of work spent on rows never on screen, in percent.
    static let wasteTarget = 5.0
    /// The `--prefetch` of `sepia demo` when none is given.
    static let defaultPrefetch = 3

    /// Flings with the default prefetch and with `--prefetch 0` and prints the table.
    func measureFling() -> [FlingResult] {
        Self.printHeading("2. Fling waste: first screen filtered, G then g within a second, settle, q")
        var results: [FlingResult] = []
        var rows: [[String]] = []
        for prefetch in [Self.defaultPrefetch, 0] {
            let name = "--prefetch \(prefetch)"
            guard let result = attempt("fling \(name)", { try fling(prefetch: prefetch) }),
                let row = attempt("fling \(name)", { try Self.row(of: result) })
            else {
                rows.append([name, "broken", "", "", "", "", "", ""])
                continue
            }
            results.append(result)
            rows.append(row)
        }
        TextTable(
            headers: [
                "run", "rows shown", "downloaded (never shown)", "filtered (never shown)", "received",
                "bytes never shown", "filtered never shown", "G→g",
            ], rows: rows
        )
        .print(title: String(format: "Work for rows never on screen, as a share of all work (target <= %.0f%%):", Self.wasteTarget))
        print(
            "Rows prefetched around the screen the user rests on (after the fling, while the work settles) count "
                + "as never shown; compare with --prefetch 0.")
        return results
    }

    /// First screen filtered, `G`, `g` 0.4 s later, settle, quit: the stats.
    private func fling(prefetch: Int) throws -> FlingResult {
        let (pane, statsFile) = try startStatsRun("fling-p\(prefetch)", options: ["--prefetch", "\(prefetch)"])
        defer { pane.shutDown() }
        guard try pane.waitForScreen(for: 60, until: \.isSettled) != nil else {
            throw EndToEndError("fling: the first screen was not filtered within 60 s")
        }
        let started = Date()
        try pane.session.press("G")
        _ = try pane.waitForScreen(for: 1, every: 0.01) { $0.rowPosition.map { $0.row == $0.count } ?? false }
        Thread.sleep(forTimeInterval: max(0, 0.4 - Date().timeIntervalSince(started)))
        try pane.session.press("g")
        let seconds = Date().timeIntervalSince(started)
        _ = try pane.waitForScreen(for: 2, every: 0.01) { $0.rowPosition?.row == 1 }
        try pane.settle(for: 15)
        return FlingResult(prefetch: prefetch, stats: try pane.quitAndReadStats(from: statsFile), seconds: seconds)
    }

    /// The fling table's row for `result`.
    private static func row(of result: FlingResult) throws -> [String] {
        let stats = result.stats
        return [
            "--prefetch \(result.prefetch)" + (result.prefetch == defaultPrefetch ? " (default)" : ""),
            "\(try stats.required("rowsShown"))",
            "\(try stats.required("downloadedRows")) (\(try stats.required("downloadedRowsNeverShown")))",
            "\(try stats.required("filteredRows")) (\(try stats.required("filteredRowsNeverShown")))",
            String(format: "%.2f MB", Double(stats.optional("bytesReceived")) / 1e6),
            String(format: "%.1f%%", result.bytesNeverShown),
            String(format: "%.1f%%", try result.filteredNeverShown()),
            String(format: "%.2f s", result.seconds),
        ]
    }
}
