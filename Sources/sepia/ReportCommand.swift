import ArgumentParser
import Foundation
import SepiaPipeline

/// `sepia report`: merges the reports that the tasks of a sharded batch wrote with
/// `sepia process --report` into one summary.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Merge the reports of `sepia process --report` into one summary.",
        discussion: """
            Each photo is counted once, however many tasks or runs reported it: a photo \\
            written by a task that was killed and run again counts as written. Failures are \\
            grouped by reason; the slowest origins and tasks are listed. A torn last line (a \\
            task killed while writing it) is counted and skipped.

            Exit status: 0 when every photo was written, 1 when any failed or was not finished, \\
            or a report could not be read.
            """
    )

    @Argument(help: "The report files (JSON lines) of every task.")
    var reports: [String]

    @Flag(help: "Print the summary as JSON.")
    var json = false

    func validate() throws {
        guard !reports.isEmpty else { throw ValidationError("Give the report files to merge.") }
    }

    func run() throws {
        var merger = BatchReportMerger()
        for path in reports {
            do throws(BatchReportError) {
                try merger.add(reportAt: path)
            } catch {
                printErrorLine("\(error)")
                throw ExitCode.failure
            }
        }
        let summary = merger.summary()
        let output = BufferedOutput()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            output.write(try encoder.encode(summary))
            output.write("\n")
        } else {
            ReportText(summary: summary).write(to: output)
        }
        output.flush()
        if !summary.allDone { throw ExitCode.failure }
    }
}
