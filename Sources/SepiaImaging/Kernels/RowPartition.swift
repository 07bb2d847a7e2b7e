import Dispatch
import Foundation

/// Splits an image's rows into bands and runs a kernel on each band, on all cores when the
/// image is large enough to repay the hand-off.
package enum RowPartition {
    /// Images with fewer pixels than this are processed on the calling thread: below it the
    /// cost of waking other threads outweighs the work.
    static let parallelThreshold = 1 << 18

    /// The cores to split across, read once: each read of `activeProcessorCount` on Linux
    /// opens and reads two cgroup files.
    static let processorCount = ProcessInfo.processInfo.activeProcessorCount

    /// Calls `body` with disjoint row ranges that together cover `0..<rows`.
    ///
    /// With `parallel` and a large enough image, the ranges run concurrently, one band per
    /// active processor; `body` must only touch the rows it is given.
    package static func run(rows: Int, pixelsPerRow: Int, parallel: Bool, _ body: (Range<Int>) -> Void) {
        let bands =
            parallel && rows * pixelsPerRow >= parallelThreshold
            ? min(processorCount, rows) : 1
        guard bands > 1 else {
            body(0..<rows)
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedSendable(body)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let lower = rows * band / bands
                let upper = rows * (band + 1) / bands
                shared.value(lower..<upper)
            }
        }
    }
}

/// Carries a value the compiler cannot prove `Sendable` into concurrent code whose callers
/// guarantee that the shared parts are not written from two threads (disjoint row bands).
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
