import Foundation
import SepiaOperations
import SepiaPipeline

/// Shows a batch's progress on standard error: a bar redrawn in place on a terminal, a plain
/// line every few seconds otherwise (logs, pipes).
final class ProgressBar: Sendable {
    private struct State {
        var lastDrawn = Date.distantPast
        var lastProgress: BatchProgress?
    }

    private let total: Int
    private let started = Date()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let state = Locked(State())

    init(total: Int) {
        self.total = total
    }

    /// Redraws when enough time has passed (10 times a second on a terminal, every 2 s otherwise).
    func show(_ progress: BatchProgress) {
        let interval = isTerminal ? 0.1 : 2
        let due = state.withLock { state -> Bool in
            guard Date().timeIntervalSince(state.lastDrawn) >= interval else { return false }
            state.lastDrawn = Date()
            state.lastProgress = progress
            return true
        }
        if due { draw(progress) }
    }

    /// Draws the final state, unless its counts are already shown (the last change may only add
    /// megapixels, which the line does not show), and ends the line.
    func finish(_ progress: BatchProgress) {
        let shown = state.withLock { state in
            state.lastProgress.map { $0.finished == progress.finished && $0.failed == progress.failed } ?? false
        }
        if !shown { draw(progress) }
        if isTerminal { write("\n") }
    }

    private func draw(_ progress: BatchProgress) {
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        var line = "\(progress.finished)/\(progress.total) photos"
        if progress.failed > 0 { line += ", \(progress.failed) failed" }
        if elapsed >= 1 {
            // The rate means something only after a while: the first rows may end at once.
            let rate = Double(progress.finished) / elapsed
            line += ", \(rate.oneDecimal) photos/s"
            if rate > 0, progress.finished < progress.total {
                line += ", ETA \(Self.clock(Double(progress.total - progress.finished) / rate))"
            }
        }
        if isTerminal {
            let width = 30
            let filled = progress.total == 0 ? width : width * progress.finished / progress.total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            // CR, then "erase in line" (ECMA-48 EL, ESC [ 2 K), then the bar.
            write("\r\u{1B}[2K\(bar) \(line)")
        } else {
            write(line + "\n")
        }
    }

    /// Writes `text` in one go. (Not through `Data`: its initialiser's dynamic cast made the
    /// runtime walk every protocol conformance record at the first line.)
    private func write(_ text: String) {
        var text = text
        text.withUTF8 { BufferedOutput.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let seconds = whole % 60
        return "\(whole / 60):\(seconds < 10 ? "0" : "")\(seconds)"
    }
}
