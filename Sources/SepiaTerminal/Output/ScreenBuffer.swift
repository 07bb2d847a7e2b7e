/// A grid of cells to be drawn: the next frame, which `FrameRenderer` compares with the
/// last one.
///
/// Two-column graphemes (East Asian wide characters, emoji) take two cells: the grapheme in
/// the first and a continuation (text "") in the second, so columns stay aligned. Whenever
/// a write covers half of such a pair, the other half becomes a blank in its old style.
public struct ScreenBuffer: Sendable, Equatable {
    /// The size of the grid.
    public let size: TerminalSize
    /// The cells, row by row.
    private var cells: [Cell]

    /// Makes a grid of `size` filled with `Cell.blank`. Negative sides count as 0.
    public init(size: TerminalSize) {
        self.size = TerminalSize(columns: max(size.columns, 0), rows: max(size.rows, 0))
        cells = Array(repeating: .blank, count: self.size.columns * self.size.rows)
    }

    /// The cell at `row`, `column` (0-based). Outside the grid, reading gives `Cell.blank`
    /// and writing does nothing. A two-column grapheme set this way needs a continuation
    /// cell (text "") after it, as `write` makes; halves of pairs it cuts become blanks.
    public subscript(row: Int, column: Int) -> Cell {
        get {
            contains(row: row, column: column) ? cells[row * size.columns + column] : .blank
        }
        set {
            guard contains(row: row, column: column) else { return }
            cells[openRun(row: row, column: column, count: 1)] = newValue
        }
    }

    /// Writes `text` from `row`, `column` on, in `style`, and returns the number of columns
    /// used.
    ///
    /// Writing stops at the right edge and after `maxWidth` columns; a two-column grapheme
    /// that does not fit whole stops it too. Control characters (tab, newline and the
    /// bidirectional controls included: see ``TerminalSafeText/isControl(_:)``) are drawn as
    /// U+FFFD; graphemes that take no room (a lone combining mark, a zero-width format
    /// character) are left out.
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int, style: CellStyle = CellStyle(), maxWidth: Int? = nil
    ) -> Int {
        guard row >= 0, row < size.rows, column >= 0 else { return 0 }
        let limit = min(size.columns - column, maxWidth ?? Int.max)
        var used = 0
        for character in text {
            let shown =
                character.unicodeScalars.contains(where: TerminalSafeText.isControl)
                ? Character(TerminalSafeText.replacement) : character
            let width = CharacterWidth.columns(of: shown)
            guard width > 0 else { continue }
            guard used + width <= limit else { break }
            let start = openRun(row: row, column: column + used, count: width)
            cells[start] = Cell(text: String(shown), style: style)
            if width == 2 { cells[start + 1] = Cell(text: "", style: style) }
            used += width
        }
        return used
    }

    /// Sets every cell of the rectangle at `row`, `column` of `width` × `height` to `cell`,
    /// clipped to the grid.
    public mutating func fill(row: Int, column: Int, width: Int, height: Int, with cell: Cell) {
        let columns = Self.clipped(start: column, length: width, limit: size.columns)
        let rows = Self.clipped(start: row, length: height, limit: size.rows)
        guard !columns.isEmpty else { return }
        for fillRow in rows {
            let start = openRun(row: fillRow, column: columns.lowerBound, count: columns.count)
            for index in start..<(start + columns.count) { cells[index] = cell }
        }
    }

    /// `start ..< start + length` within `0 ..< limit`; empty when they do not meet.
    private static func clipped(start: Int, length: Int, limit: Int) -> Range<Int> {
        let lower = min(max(start, 0), limit)
        return lower..<max(min(start + max(length, 0), limit), lower)
    }

    private func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < size.rows && column >= 0 && column < size.columns
    }

    /// Makes room for a run of `count` cells from `row`, `column` on (it must fit in the row):
    /// blanks the halves of two-column graphemes that the run cuts at either end, and returns
    /// the index of the run's first cell, for the caller to store the cells one by one (no
    /// array per cell: a frame stores thousands).
    private mutating func openRun(row: Int, column: Int, count: Int) -> Int {
        let start = row * size.columns + column
        let end = start + count
        if cells[start].isContinuation, column > 0 {
            cells[start - 1] = Cell(text: " ", style: cells[start - 1].style)
        }
        if column + count < size.columns, cells[end].isContinuation {
            cells[end] = Cell(text: " ", style: cells[end].style)
        }
        return start
    }
}
