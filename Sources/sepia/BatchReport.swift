import Foundation
import SepiaPipeline
import SepiaTerminal

/// The summary printed at the end of `sepia process`, as text or JSON, written row by row from
/// a ``BatchTally`` so that a batch of a million rows is never one object graph.
struct BatchReport {
    /// The totals of the report.
    struct Totals {
        let total: Int
        let written: Int
        let skipped: Int
        let failed: Int
        let cancelled: Int
        let seconds: Double
        let megapixels: Double
        let bytesDownloaded: Int
    }

    /// One photo's entry in the JSON report.
    private struct Photo: Encodable {
        let name: String
        let status: String
        let file: String?
        let reason: String?
        /// With `--thumbhash`, the written photo's ThumbHash in base64.
        let thumbhash: String?
    }

    /// Failures listed one by one in the text summary; beyond them only a count is printed
    /// (`--json` lists every row).
    static let listedFailures = 1_000

    let totals: Totals
    let tally: BatchTally
    let entries: [PhotoEntry]
    /// The file of each row, written or not.
    let file: (Int) -> URL

    init(tally: BatchTally, entries: [PhotoEntry], progress: BatchProgress, seconds: Double, file: @escaping (Int) -> URL) {
        var counts: [BatchReportLine.State: Int] = [:]
        tally.forEachRow { _, state, _ in counts[state, default: 0] += 1 }
        totals = Totals(
            total: entries.count, written: counts[.written] ?? 0, skipped: counts[.skipped] ?? 0,
            failed: counts[.failed] ?? 0, cancelled: counts[.cancelled] ?? 0, seconds: seconds,
            megapixels: progress.megapixels, bytesDownloaded: progress.bytesDownloaded)
        self.tally = tally
        self.entries = entries
        self.file = file
    }

    /// Whether every photo's file exists.
    var allDone: Bool { totals.written + totals.skipped == totals.total }

    /// Writes the report as JSON to `output`: the totals and every photo in manifest order
    /// (`photos`), keys sorted, one photo a line.
    func writeJSON(to output: BufferedOutput) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Keys in sorted order, as JSONEncoder would put them, with "photos" among them.
        let numbers: [(key: String, value: String)] = [
            ("bytesDownloaded", "\(totals.bytesDownloaded)"), ("cancelled", "\(totals.cancelled)"),
            ("failed", "\(totals.failed)"), ("megapixels", "\(totals.megapixels)"),
            ("seconds", "\(totals.seconds)"), ("skipped", "\(totals.skipped)"),
            ("total", "\(totals.total)"), ("written", "\(totals.written)"),
        ]
        let before = numbers.filter { $0.key < "photos" }.map { "  \"\($0.key)\": \($0.value)" }
        let after = numbers.filter { $0.key > "photos" }.map { "  \"\($0.key)\": \($0.value)" }
        output.write("{\n")
        for field in before { output.write(field + ",\n") }
        output.write("  \"photos\": [")
        var separator = "\n    "
        try tally.forEachRow { row, status, reason in
            let filePath: String? = status == .written || status == .skipped ? file(row).path : nil
            let photo = Photo(
                name: entries[row].name, status: status.rawValue, file: filePath, reason: reason, thumbhash: tally.thumbHash(ofRow: row))
            output.write(separator)
            output.write(try encoder.encode(photo))
            separator = ",\n    "
        }
        output.write(entries.isEmpty ? "],\n" : "\n  ],\n")
        output.write(after.joined(separator: ",\n") + "\n}\n")
        output.flush()
    }

    /// Writes the report as text: totals, then each failure with its reason (the first
    /// ``listedFailures`` of them, then how many more). Names and reasons come from manifests
    /// and servers: they are made safe for a terminal (``TerminalSafeText``).
    func writeText(to output: BufferedOutput) {
        let rate = totals.seconds > 0 ? Double(totals.written) / totals.seconds : 0
        output.write(
            "\(totals.written) written, \(totals.skipped) already there, \(totals.failed) failed, "
                + "\(totals.cancelled) cancelled of \(totals.total) photos in \(totals.seconds.oneDecimal) s "
                + "(\(rate.oneDecimal) photos/s, \(totals.megapixels.oneDecimal) MP, "
                + "\(totals.bytesDownloaded / 1024) KB downloaded)\n")
        var listed = 0
        tally.forEachRow { row, status, reason in
            guard status == .failed, listed < Self.listedFailures else { return }
            listed += 1
            let name = TerminalSafeText.make(entries[row].name)
            output.write("  Failed to load \(name): \(TerminalSafeText.make(reason ?? "unknown reason"))\n")
        }
        if totals.failed > listed {
            output.write("  … and \(totals.failed - listed) more failures (--json lists every photo)\n")
        }
        output.flush()
    }
}
