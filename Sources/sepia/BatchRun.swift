import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations
import SepiaPipeline
import SepiaProcess

/// Runs a ``BatchProcessor`` from the command line: draws progress, tallies each row's outcome
/// as it ends, turns Ctrl-C and SIGTERM into a clean cancel, and awaits the batch's end.
struct BatchRun {
    /// How the batch ended.
    struct Outcome {
        let report: BatchReport
        let interrupted: Bool
    }

    let entries: [PhotoEntry]
    let options: BatchOptions
    let loader: any PhotoDataLoading

    /// Runs the batch to its end (or until interrupted) and returns what happened.
    func run() async -> Outcome {
        ImageMemory.keepFreedBuffers()  // a batch goes through many images (see DESIGN.md)
        let processor = BatchProcessor(entries: entries, options: options, loader: loader)
        let bar = ProgressBar(total: entries.count)
        let tally = BatchTally(rows: entries.count)
        let interrupted = Locked(false)
        let trap = SignalTrap { _ in
            interrupted.withLock { $0 = true }
            processor.cancel()
        }
        defer { trap.release() }
        let started = Date()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            processor.start(progress: { bar.show($0) }, outcome: { tally.record($0) }, completion: { _ in finished.resume() })
        }
        let progress = processor.progress
        bar.finish(progress)
        let report = BatchReport(
            tally: tally, entries: entries, progress: progress, seconds: Date().timeIntervalSince(started),
            file: processor.outputFile(forRow:))
        return Outcome(report: report, interrupted: interrupted.withLock { $0 })
    }
}
