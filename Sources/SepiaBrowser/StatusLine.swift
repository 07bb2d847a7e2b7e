import SepiaList
import SepiaTerminal

/// The bottom line: rows by state, whether the network is busy, the scroll phase, key hints.
enum StatusLine {
    /// Key hints, longest first: the longest that fits is shown.
    static let hints = [
        "j/k move  PgUp/PgDn  g/G  Enter open  r retry  o queues  ? help  q quit",
        "Enter open  o queues  ? help  q quit",
        "? help  q quit",
    ]

    static func draw(_ frame: BrowserFrame, in buffer: inout ScreenBuffer) {
        let line = frame.layout.statusLine
        let width = frame.layout.size.columns
        buffer.write(String(repeating: " ", count: width), row: line, column: 0, style: BrowserTheme.statusBar)
        var column = 1
        column += buffer.write(summary(frame), row: line, column: column, style: BrowserTheme.statusBar)
        if frame.networkActive {
            column += buffer.write("  ⇣ network", row: line, column: column, style: BrowserTheme.statusAccent)
        }
        if frame.scrollPhase != .idle {
            column += buffer.write("  ⏸ scrolling", row: line, column: column, style: BrowserTheme.statusAccent)
        }
        if let hint = hints.first(where: { width - $0.count - 1 > column + 2 }) {
            buffer.write(hint, row: line, column: width - hint.count - 1, style: BrowserTheme.statusBar)
        }
    }

    /// "Row 3/506 · 12 filtered · 3 downloaded · 6 failed · 485 new", then "· 2 skipped" when
    /// the folders held entries that are not rows and "· 1 bad placeholder" when manifest
    /// entries gave hashes that do not decode; or what the list waits for.
    static func summary(_ frame: BrowserFrame) -> String {
        switch frame.source {
        case .idle, .loading: return "Loading photo details…"
        case .failed: return "No photos: the photo details could not be fetched"
        case .loaded: break
        }
        let counts = frame.counts
        let selected = frame.rows.firstIndex(where: \.isSelected).map { frame.firstRow + $0 + 1 } ?? 0
        return "Row \(selected)/\(frame.rowCount) · \(counts.filtered) filtered · \(counts.downloaded) downloaded"
            + " · \(counts.failed) failed · \(counts.new) new" + (frame.skippedCount > 0 ? " · \(frame.skippedCount) skipped" : "")
            + (frame.ignoredPlaceholderCount > 0
                ? " · \(frame.ignoredPlaceholderCount) bad placeholder" + (frame.ignoredPlaceholderCount == 1 ? "" : "s") : "")
    }
}
