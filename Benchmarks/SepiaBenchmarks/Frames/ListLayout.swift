import SepiaTerminal

/// The browser's list, as the frames benchmark draws it: a title line, rows of four lines
/// (a marker, an 11-column thumbnail from column 2, the row's text from column 15), a status
/// line.
struct ListLayout {
    /// The lines a row takes.
    static let rowHeight = 4
    /// The columns the thumbnail takes.
    static let thumbnailColumns = 11

    let screen: TerminalSize

    /// How many rows fit between the title and status lines.
    var rowsShown: Int { max((screen.rows - 2) / Self.rowHeight, 1) }

    /// The cells a thumbnail may cover.
    var thumbnailArea: (columns: Int, lines: Int) { (Self.thumbnailColumns, Self.rowHeight) }

    /// The bytes that show the list from row `top` on, row `n` showing `pictures[n]`: the
    /// placeholder images of `entering` rows, sent ahead as the browser does, then the frame.
    func render(top: Int, entering: Range<Int>, pictures: [ThumbnailDrawing.Made], with renderer: inout FrameRenderer) -> [UInt8] {
        var ahead: [UInt8] = []
        for row in entering { if case .placeholders(_, let transmit) = pictures[row] { ahead += transmit } }
        let (buffer, placed) = frame(top: top, pictures: pictures)
        return ahead + renderer.render(buffer, pictures: placed)
    }

    /// The list's cells and pictures from row `top` on.
    func frame(top: Int, pictures: [ThumbnailDrawing.Made]) -> (ScreenBuffer, [PlacedPicture]) {
        var buffer = ScreenBuffer(size: screen)
        var placed: [PlacedPicture] = []
        buffer.write(" Sepia — frames benchmark", row: 0, column: 0)
        for index in 0..<rowsShown where top + index < pictures.count {
            let line = 1 + index * Self.rowHeight
            let row = top + index
            buffer.write("Photo \(row + 1)", row: line, column: 15)
            buffer.write("✓ sepia 0.8", row: line + 1, column: 15)
            switch pictures[row] {
            case .cells(let cells):
                let indent = max((Self.thumbnailColumns - (cells.first?.count ?? 0)) / 2, 0)
                for (offset, cellRow) in cells.enumerated() {
                    for (column, cell) in cellRow.enumerated() { buffer[line + offset, 2 + indent + column] = cell }
                }
            case .placeholders(let cells, _):
                for (offset, cellRow) in cells.enumerated() {
                    for (column, cell) in cellRow.enumerated() { buffer[line + offset, 2 + column] = cell }
                }
            case .pixels(let picture):
                placed.append(PlacedPicture(picture, row: line, column: 2 + max((Self.thumbnailColumns - picture.columns) / 2, 0)))
            }
        }
        buffer.write(" Row \(top + 1)/\(pictures.count)", row: screen.rows - 1, column: 0)
        return (buffer, placed)
    }
}
