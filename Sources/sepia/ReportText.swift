import Foundation
import SepiaPipeline
import SepiaTerminal

/// A merged batch report as text, for `sepia report`. Reasons, names, origins and machine
/// names come from the reports' lines: each is made safe for a terminal (``TerminalSafeText``).
struct ReportText {
    let summary: BatchReportSummary

    func write(to output: BufferedOutput) {
        let summary = summary
        output.write(
            "\(summary.rows) photos in \(summary.reports) reports: \(summary.written) written, \(summary.skipped) already there, "
                + "\(summary.failed) failed, \(summary.cancelled) cancelled\n")
        output.write(
            "\(summary.photosPerSecond.oneDecimal) photos/s over \(summary.seconds.oneDecimal) s "
                + "(first start to last end), \(summary.downloadedBytes / 1024) KB downloaded\n")
        if summary.repeatedRecords > 0 || summary.unreadableLines > 0 {
            output.write(
                "\(summary.repeatedRecords) records repeated a photo already counted (tasks run again); "
                    + "\(summary.unreadableLines) unreadable lines skipped\n")
        }
        if !summary.failures.isEmpty {
            output.write("Failures by reason:\n")
            for group in summary.failures {
                let examples = group.examples.map { "\"\(TerminalSafeText.make($0))\"" }.joined(separator: ", ")
                output.write(
                    "  \(group.count) × \(TerminalSafeText.make(group.reason)) (\(examples)\(group.count > group.examples.count ? ", …" : ""))\n"
                )
            }
        }
        if !summary.slowestOrigins.isEmpty {
            output.write("Slowest origins (time per photo, mean and 95th percentile):\n")
            for origin in summary.slowestOrigins {
                output.write(
                    "  \(TerminalSafeText.make(origin.origin)): \(origin.photos) photos, \(origin.meanMilliseconds.oneDecimal) ms, "
                        + "\(origin.p95Milliseconds.oneDecimal) ms\n")
            }
        }
        if !summary.tasks.isEmpty {
            output.write("Tasks, slowest first:\n")
            for task in summary.tasks {
                output.write(
                    "  \(TerminalSafeText.make(task.machine)) shard \(TerminalSafeText.make(task.shard)): \(task.written) written of \(task.records) records in "
                        + "\(task.seconds.oneDecimal) s (\(task.photosPerSecond.oneDecimal) photos/s)\n")
            }
        }
    }
}
