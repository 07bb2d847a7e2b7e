import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations
import SepiaPipeline
import SepiaSystem

/// Runs a ``BatchProcessor`` from the command line: draws progress, tallies each row's outcome
/// as it ends (and appends it to the report file, if any), turns Ctrl-C and SIGTERM into a
/// clean cancel, and awaits the batch's end.
struct BatchRun {
    /// How the batch ended.
    struct Outcome {
        let report: BatchReport
        let interrupted: Bool
    }

    let processor: BatchProcessor
    /// Where each row's record goes as it ends; nil for no report.
    var records: BatchReportFile? = nil
    /// The shard the records name.
    var shard: BatchShard = .whole
    /// Whether each written (or already written) photo's ThumbHash is computed, for the
    /// report file's lines and the JSON summary (`--thumbhash`).
    var computesThumbHashes = false

    /// Runs the batch to its end (or until interrupted) and returns what happened.
    func run() async -> Outcome {
        ImageMemory.keepFreedBuffers()  // a batch goes through many images (TRAPS.md, "C libraries")
        let processor = processor
        let entries = processor.entries
        let bar = ProgressBar(total: entries.count)
        let tally = BatchTally(rows: entries.count)
        let interrupted = Locked(false)
        let trap = SignalTrap { _ in
            interrupted.withLock { $0 = true }
            processor.cancel()
        }
        defer { trap.release() }
        let started = Date()
        let recordOutcome = recorder(entries: entries)
        let computesThumbHashes = computesThumbHashes
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            processor.start(
                progress: { bar.show($0) },
                outcome: { outcome in
                    // On the thread the row ended on, as the rest of its bookkeeping: a decode
                    // DCT-scaled toward 100×100 and a DCT of at most 10,000 pixels.
                    let thumbHash = computesThumbHashes ? Self.thumbHash(of: outcome) : nil
                    tally.record(outcome, thumbHash: thumbHash)
                    recordOutcome?(outcome, thumbHash)
                },
                completion: { _ in finished.resume() })
        }
        let progress = processor.progress
        bar.finish(progress)
        let report = BatchReport(
            tally: tally, entries: entries, progress: progress, seconds: Date().timeIntervalSince(started),
            file: processor.outputFile(forRow:))
        return Outcome(report: report, interrupted: interrupted.withLock { $0 })
    }

    /// The ThumbHash of the photo file of a row written now or before; nil for other rows.
    private static func thumbHash(of outcome: BatchOutcome) -> String? {
        switch outcome.state {
        case .written(let file), .skipped(let file): WrittenPhotoThumbHash.of(file)
        case .failed, .cancelled: nil
        }
    }

    /// What appends an outcome (and its photo's ThumbHash, if any) to the report file; nil
    /// without one.
    private func recorder(entries: [PhotoEntry]) -> (@Sendable (BatchOutcome, String?) -> Void)? {
        guard let records else { return nil }
        let machine = BatchReportLine.thisMachine
        let processor = processor
        let shard = shard
        return { outcome, thumbHash in
            records.append(
                BatchReportLine(
                    outcome: outcome, entry: entries[outcome.row], file: processor.outputFile(forRow: outcome.row), shard: shard,
                    machine: machine, thumbhash: thumbHash))
        }
    }
}
