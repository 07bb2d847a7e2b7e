import Dispatch
import Foundation

/// Converts a decoder's rows to sRGB while it is still decoding the rows below them, so that
/// colour management overlaps the decode instead of following it.
///
/// The decoder calls `rowsDecoded(through:)` after each batch of rows and `finish()` at the end.
/// A small image is converted batch by batch on the decoding thread, while each batch is still in
/// the cache. A large one (`RowPartition.parallelThreshold` pixels or more, on a machine with more
/// than one core) is cut into bands of about `bandPixels` that other threads convert while the
/// decoder goes on: on an idle core the conversion then costs the decode almost no wall time.
///
/// `finish()` converts every band that no thread has started, on the calling thread, and then
/// waits only for the bands already being converted: it never waits on a queue that might have no
/// thread free (a batch keeps every core busy), and the buffer is not touched after it returns.
/// Call it on every path, also when decoding failed.
final class OverlappedColorConversion: @unchecked Sendable {  // the band list is guarded by `condition`
    /// Pixels a band handed to another thread holds at least: about 0.3 ms of conversion, far
    /// more than the hand-off.
    static let bandPixels = 1 << 17

    private let transform: ColorTransform
    private let base: UnsafeMutablePointer<UInt8>
    private let width: Int
    private let bytesPerRow: Int
    /// Rows a band holds at least; nil when everything stays on the decoding thread.
    private let bandRows: Int?

    private let condition = NSCondition()
    /// Bands decoded and not yet claimed by a thread. Guarded by `condition`.
    private var waiting: [Range<Int>] = []
    /// Bands being converted on other threads. Guarded by `condition`.
    private var converting = 0

    /// The first row not yet converted or handed out; touched by the decoding thread only.
    private var unclaimedRow = 0
    /// The rows decoded so far; touched by the decoding thread only.
    private var decodedRows = 0

    /// Prepares to convert the `height` rows at `base` (`width` pixels, `bytesPerRow` apart).
    init(transform: ColorTransform, base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        self.transform = transform
        self.base = base
        self.width = width
        self.bytesPerRow = bytesPerRow
        let overlaps = width * height >= RowPartition.parallelThreshold && RowPartition.processorCount > 1
        bandRows = overlaps ? max(1, Self.bandPixels / max(width, 1)) : nil
    }

    /// Says that every row above `end` is decoded and will not be written by the decoder again.
    func rowsDecoded(through end: Int) {
        decodedRows = end
        guard let bandRows else {
            convert(unclaimedRow..<end)
            unclaimedRow = end
            return
        }
        guard end - unclaimedRow >= bandRows else { return }
        let band = unclaimedRow..<end
        unclaimedRow = end
        condition.withLock { waiting.append(band) }
        DispatchQueue.global().async { self.convertWaitingBand() }
    }

    /// Converts the decoded rows not yet converted and returns once no other thread works on
    /// the buffer.
    func finish() {
        convert(unclaimedRow..<decodedRows)
        unclaimedRow = decodedRows
        while let band = condition.withLock({ waiting.popLast() }) { convert(band) }
        condition.withLock {
            while converting > 0 { condition.wait() }
        }
    }

    /// Claims one waiting band, if any is left, and converts it on this thread.
    private func convertWaitingBand() {
        guard
            let band = condition.withLock({ () -> Range<Int>? in
                guard let band = waiting.popLast() else { return nil }
                converting += 1
                return band
            })
        else { return }
        convert(band)
        condition.withLock {
            converting -= 1
            if converting == 0 { condition.broadcast() }
        }
    }

    private func convert(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        transform.apply(rows: rows, of: base, width: width, bytesPerRow: bytesPerRow)
    }
}
