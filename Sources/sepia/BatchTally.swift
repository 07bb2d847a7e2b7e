import Foundation
import SepiaOperations
import SepiaPipeline

/// Every row's outcome of a batch in four bytes a row: how it ended, and for a failure the
/// reason, kept once however many rows share it. A batch of a million rows holds a few
/// megabytes here instead of an object per row. Thread-safe: outcomes arrive on any thread.
final class BatchTally: Sendable {
    /// How a row ended, as stored: a failure is its reason's index (0 or more).
    private enum Code {
        static let unfinished: Int32 = -1
        static let written: Int32 = -2
        static let skipped: Int32 = -3
        static let cancelled: Int32 = -4
    }

    private struct State: Sendable {
        var codes: [Int32]
        var reasons: [String] = []
        var reasonIndex: [String: Int32] = [:]
        /// Rows' ThumbHashes (base64), with `--thumbhash` only.
        var thumbHashes: [Int: String] = [:]
    }

    private let state: Locked<State>

    /// A tally of `rows` rows, none of them finished.
    init(rows: Int) {
        state = Locked(State(codes: [Int32](repeating: Code.unfinished, count: rows)))
    }

    /// Records how a row ended, and its photo's ThumbHash when there is one.
    func record(_ outcome: BatchOutcome, thumbHash: String? = nil) {
        state.withLock { state in
            if let thumbHash { state.thumbHashes[outcome.row] = thumbHash }
            state.codes[outcome.row] =
                switch outcome.state {
                case .written: Code.written
                case .skipped: Code.skipped
                case .cancelled: Code.cancelled
                case .failed(let error): Self.index(of: error.description, in: &state)
                }
        }
    }

    /// Calls `body` with how each row ended, as a report says it, and its failure reason, in
    /// manifest order. A row that never ended counts as cancelled.
    func forEachRow(_ body: (_ row: Int, _ state: BatchReportLine.State, _ reason: String?) throws -> Void) rethrows {
        let (codes, reasons) = state.withLock { ($0.codes, $0.reasons) }
        for (row, code) in codes.enumerated() {
            switch code {
            case Code.written: try body(row, .written, nil)
            case Code.skipped: try body(row, .skipped, nil)
            case Code.cancelled, Code.unfinished: try body(row, .cancelled, nil)
            default: try body(row, .failed, reasons[Int(code)])
            }
        }
    }

    /// The row's ThumbHash (base64), when it was recorded.
    func thumbHash(ofRow row: Int) -> String? {
        state.withLock { $0.thumbHashes[row] }
    }

    private static func index(of reason: String, in state: inout State) -> Int32 {
        if let index = state.reasonIndex[reason] { return index }
        let index = Int32(state.reasons.count)
        state.reasons.append(reason)
        state.reasonIndex[reason] = index
        return index
    }
}
