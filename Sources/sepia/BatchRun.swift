import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations
import SepiaPipeline

/// Runs a ``BatchProcessor`` from the command line: draws progress, turns Ctrl-C and SIGTERM
/// into a clean cancel, and waits for the batch to end.
struct BatchRun {
    /// How the batch ended.
    struct Outcome {
        let outcomes: [BatchOutcome]
        let progress: BatchProgress
        let seconds: Double
        let interrupted: Bool
    }

    let entries: [PhotoEntry]
    let options: BatchOptions
    let loader: HTTPLoader

    /// Runs the batch to its end (or until interrupted) and returns what happened.
    func runUntilDone() -> Outcome {
        ImageMemory.keepFreedBuffers() // a batch goes through many images (see DESIGN.md)
        let processor = BatchProcessor(entries: entries, options: options, loader: loader)
        let bar = ProgressBar(total: entries.count)
        let interrupted = Locked(false)
        let trap = SignalTrap { _ in
            interrupted.withLock { $0 = true }
            processor.cancel()
        }
        defer { trap.release() }
        let started = Date()
        let outcomes = processor.runUntilDone { bar.show($0) }
        let progress = processor.progress
        bar.finish(progress)
        return Outcome(
            outcomes: outcomes, progress: progress,
            seconds: Date().timeIntervalSince(started), interrupted: interrupted.withLock { $0 })
    }
}
