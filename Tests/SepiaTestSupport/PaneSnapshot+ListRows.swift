import Foundation

/// One photo row as the browser draws it: four lines, the selection marker "▌" in column 0,
/// the thumbnail in columns 2–12, the name (first line) and the state (second line) from
/// column 15.
package struct ListRow: Equatable {
    /// The photo's name.
    package var name: String
    /// The state line: "✓ sepia 0.8", "⠋ Downloading…", "Failed to load: …".
    package var state: String
    /// Whether the selection marker is on it.
    package var isSelected: Bool
}

extension PaneSnapshot {
    /// Terminal lines a row takes.
    package static let rowHeight = 4
    /// The column the row's name and state start at.
    package static let textColumn = 15
    /// What marks the selected row in column 0.
    package static let selectionMarker: Character = "▌"

    /// The photo rows on screen, top first; the list starts on the second line and ends
    /// above the status bar. Meaningless while an overlay or a photo covers the list.
    package var listRows: [ListRow] {
        var rows: [ListRow] = []
        var top = 1
        while top + Self.rowHeight < lines.count {
            let name = Self.text(of: lines[top])
            guard !name.isEmpty else { break }
            rows.append(ListRow(name: name, state: Self.text(of: lines[top + 1]), isSelected: lines[top].first == Self.selectionMarker))
            top += Self.rowHeight
        }
        return rows
    }

    /// The names of the rows on screen, top first.
    package var rowNames: [String] { listRows.map(\.name) }

    /// Where the selected row is among the rows on screen, or nil when none is marked.
    package var selectedIndex: Int? { listRows.firstIndex(where: \.isSelected) }

    /// The row on screen named `name`, if it is on screen.
    package func row(named name: String) -> ListRow? {
        listRows.first { $0.name == name }
    }

    /// A line's text from the text column on, trimmed.
    private static func text(of line: String) -> String {
        String(line.dropFirst(textColumn)).trimmingCharacters(in: .whitespaces)
    }
}
