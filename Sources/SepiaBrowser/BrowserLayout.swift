import SepiaImaging
import SepiaTerminal

/// Where things go on a screen of a given size: a title line, the list of rows, a status line.
public struct BrowserLayout: Sendable, Equatable {
    /// Terminal lines each row takes: the thumbnail's height.
    public static let rowHeight = 4
    /// Terminal columns the thumbnail takes: a 4:3 photo `rowHeight` lines high, on cells
    /// about twice as tall as they are wide, is about 11 cells wide.
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

    /// The pixels a picture covering the whole area has in `mode`: kitty pictures are sent at
    /// ``BrowserLayout/kittyPixelsPerCell``; mosaics (`.blocks`) cover
    /// `symbols.pixelsPerCell` a cell.
    public func pixels(in mode: GraphicsMode, symbols: MosaicSymbols = .quadrants) -> PixelSize {
        let perCell =
            switch mode {
            case .kitty: BrowserLayout.kittyPixelsPerCell
            default: symbols.pixelsPerCell
            }
        return PixelSize(width: max(columns, 1) * perCell.width, height: max(lines, 1) * perCell.height)
    }

    /// The pixels to scale a picture of `size` to for a mosaic of `symbols` in this area: as
    /// large as fits with its aspect ratio kept on screen, in whole cells.
    ///
    /// Mosaic pixels are not square (a quadrant is as tall as a cell is wide), so the fit is
    /// made in square units of half a cell's width, taking a cell to be twice as tall as it
    /// is wide, and then counted in cells (at least one each way); the picture is scaled to
    /// those cells' pixels, stretched where the pixels are not square.
    public func mosaicPixels(fitting size: PixelSize, symbols: MosaicSymbols) -> PixelSize {
        let box = PixelSize(width: max(columns, 1) * 2, height: max(lines, 1) * 4)
        let fitted = size.aspectFit(in: box, allowUpscaling: true)
        let fittedColumns = max((fitted.width + 1) / 2, 1)
        let fittedLines = max((fitted.height + 2) / 4, 1)
        return PixelSize(
            width: fittedColumns * symbols.pixelsPerCell.width, height: fittedLines * symbols.pixelsPerCell.height)
    }
}
