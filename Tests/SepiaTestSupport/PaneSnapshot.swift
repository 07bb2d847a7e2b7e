import Foundation

/// One capture of the pane's text, with what the tests read off the browser's screen: the
/// title on the first line, the status bar on the last, the exit status the pane's shell
/// prints once the program has ended.
package struct PaneSnapshot {
    /// Where the selection is, from the status bar's "Row 3/66".
    package struct RowPosition: Equatable, CustomStringConvertible {
        /// The selected row, counted from 1 (0 in an empty list).
        package var row: Int
        /// How many rows the list has.
        package var count: Int

        package var description: String { "Row \(row)/\(count)" }

        /// Row `row` of `count` selected.
        package init(row: Int, count: Int) {
            self.row = row
            self.count = count
        }
    }

    /// The screen's lines, top first, as tmux prints them (without trailing spaces).
    package let lines: [String]

    /// Reads the output of `tmux capture-pane -p`.
    package init(text: String) {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// A screen of `lines`, top first, from another source than tmux (a terminal model).
    package init(lines: [String]) {
        self.lines = lines
    }

    /// The whole screen, for failure messages.
    package var text: String { lines.joined(separator: "\n") }

    /// Whether `text` is on the screen, within one line.
    package func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }

    /// The first line: the browser's title.
    package var title: String { lines.first?.trimmingCharacters(in: .whitespaces) ?? "" }

    /// The last line that is not blank: the browser's status bar while it runs.
    package var statusBar: String { lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "" }

    /// The position the status bar shows, or nil when there is no status bar.
    package var rowPosition: RowPosition? {
        guard let match = statusBar.firstMatch(of: /Row (\d+)\/(\d+)/), let row = Int(match.1), let count = Int(match.2)
        else { return nil }
        return RowPosition(row: row, count: count)
    }

    /// The exit status the pane's shell printed after the program ended, or nil while it runs.
    package var exitStatus: Int32? {
        for line in lines {
            guard let range = line.range(of: TmuxSession.exitMarker) else { continue }
            return Int32(line[range.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
