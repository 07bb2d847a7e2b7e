/// A ``PixelPicture`` at a place on the screen: its top left cell.
public struct PlacedPicture: Sendable {
    /// The picture.
    public let picture: PixelPicture
    /// The line of its top left cell (0-based).
    public let row: Int
    /// The column of its top left cell (0-based).
    public let column: Int

    /// Puts `picture` with its top left corner at `row`, `column`.
    public init(_ picture: PixelPicture, row: Int, column: Int) {
        self.picture = picture
        self.row = row
        self.column = column
    }

    /// Where it is and what it covers, which is all the renderer compares between frames
    /// (the picture's id stands for its pixels).
    struct Footprint: Hashable {
        let id: UInt32
        let row: Int
        let column: Int
        let columns: Int
        let lines: Int
    }

    var footprint: Footprint {
        Footprint(id: picture.id, row: row, column: column, columns: picture.columns, lines: picture.lines)
    }

    /// Whether every cell it covers is inside `frame` and blank there: pictures go only where
    /// nothing else is drawn, so text drawn over one (an overlay) hides it.
    func fitsOnBlankCells(of frame: ScreenBuffer) -> Bool {
        guard row >= 0, column >= 0, row + picture.lines <= frame.size.rows, column + picture.columns <= frame.size.columns
        else { return false }
        for line in row..<(row + picture.lines) {
            for cell in column..<(column + picture.columns) where frame[line, cell] != .blank { return false }
        }
        return true
    }
}
