import SepiaImaging
import SepiaTerminal

/// Where things go on a screen of a given size: a title line, the list of rows, a status line.
public struct BrowserLayout: Sendable, Equatable {
    /// Terminal lines each row takes: the thumbnail's height.
    public static let rowHeight = 4
    /// Terminal columns the thumbnail takes: a 4:3 photo drawn with half blocks (two pixels a
    /// cell, stacked) at `rowHeight` lines is about 11 cells wide.
    public static let thumbnailColumns = 11
    /// The pixels a thumbnail is scaled to for the kitty graphics protocol, per cell.
    public static let kittyPixelsPerCell = PixelSize(width: 10, height: 20)

    /// The whole screen.
    public let size: TerminalSize

    /// The layout of a screen of `size`.
    public init(size: TerminalSize) {
        self.size = size
    }

    /// The first line of the list.
    public var listTop: Int { 1 }
    /// The lines the list may use.
    public var listHeight: Int { max(size.rows - 2, 0) }
    /// The line of the status bar.
    public var statusLine: Int { size.rows - 1 }
    /// How many whole rows fit on screen (at least 1).
    public var rowsPerPage: Int { max(listHeight / Self.rowHeight, 1) }

    /// The first line of the row shown `index` rows below the top of the list.
    public func line(ofVisibleIndex index: Int) -> Int { listTop + index * Self.rowHeight }

    /// Which row on screen (counted from the first one shown) a terminal line belongs to.
    public func visibleIndex(atLine line: Int) -> Int? {
        guard line >= listTop, line < listTop + rowsPerPage * Self.rowHeight else { return nil }
        return (line - listTop) / Self.rowHeight
    }

    /// The column the row's text starts at, right of the marker and the thumbnail.
    public var textColumn: Int { 2 + Self.thumbnailColumns + 2 }

    /// The cells a photo opened large may cover: the list's area less its caption line.
    public var detailCells: CellArea { CellArea(columns: size.columns, lines: max(listHeight - 1, 1)) }
    /// The cells a row's thumbnail may cover.
    public static let thumbnailCells = CellArea(columns: thumbnailColumns, lines: rowHeight)
}

/// A rectangle of terminal cells, and the pixels a picture drawn in it has.
public struct CellArea: Sendable, Hashable {
    /// Width in cells.
    public var columns: Int
    /// Height in cells (terminal lines).
    public var lines: Int

    /// Makes an area.
    public init(columns: Int, lines: Int) {
        self.columns = columns
        self.lines = lines
    }

    /// The pixels a picture covering the area has in `mode`: half blocks show two pixels a
    /// cell, stacked; kitty pictures are sent at ``BrowserLayout/kittyPixelsPerCell``.
    public func pixels(in mode: GraphicsMode) -> PixelSize {
        switch mode {
        case .kittyPlaceholders:
            PixelSize(
                width: max(columns, 1) * BrowserLayout.kittyPixelsPerCell.width,
                height: max(lines, 1) * BrowserLayout.kittyPixelsPerCell.height)
        default:
            PixelSize(width: max(columns, 1), height: max(lines * 2, 1))
        }
    }
}
