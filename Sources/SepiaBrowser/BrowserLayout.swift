import SepiaImaging
package import SepiaTerminal

/// Where things go on a screen of a given size: a title line, the list of rows, a status line.
package struct BrowserLayout: Sendable, Equatable {
    /// Terminal lines each row takes: the thumbnail's height.
    package static let rowHeight = 4
    /// Terminal columns the thumbnail takes: a 4:3 photo at `rowHeight` lines is about 11
    /// cells wide, with half blocks (two pixels a cell, stacked) as with the usual 1:2 cells.
    package static let thumbnailColumns = 11
    /// The whole screen.
    package let size: TerminalSize

    /// The layout of a screen of `size`.
    package init(size: TerminalSize) {
        self.size = size
    }

    /// The first line of the list.
    package var listTop: Int { 1 }
    /// The lines the list may use.
    package var listHeight: Int { max(size.rows - 2, 0) }
    /// The line of the status bar.
    package var statusLine: Int { size.rows - 1 }
    /// How many whole rows fit on screen (at least 1).
    package var rowsPerPage: Int { max(listHeight / Self.rowHeight, 1) }

    /// The first line of the row shown `index` rows below the top of the list.
    package func line(ofVisibleIndex index: Int) -> Int { listTop + index * Self.rowHeight }

    /// Which row on screen (counted from the first one shown) a terminal line belongs to.
    package func visibleIndex(atLine line: Int) -> Int? {
        guard line >= listTop, line < listTop + rowsPerPage * Self.rowHeight else { return nil }
        return (line - listTop) / Self.rowHeight
    }

    /// The column the row's text starts at, right of the marker and the thumbnail.
    package var textColumn: Int { 2 + Self.thumbnailColumns + 2 }

    /// The cells a photo opened large may cover: the list's area less its caption line.
    package var detailCells: CellArea { CellArea(columns: size.columns, lines: max(listHeight - 1, 1)) }
    /// The cells a row's thumbnail may cover.
    package static let thumbnailCells = CellArea(columns: thumbnailColumns, lines: rowHeight)
}

/// A rectangle of terminal cells.
package struct CellArea: Sendable, Hashable {
    /// Width in cells.
    package var columns: Int
    /// Height in cells (terminal lines).
    package var lines: Int

    /// Makes an area.
    package init(columns: Int, lines: Int) {
        self.columns = columns
        self.lines = lines
    }
}
