import SepiaTerminal

/// Puts a ``Picture`` on the screen being drawn.
enum PictureDrawing {
    /// Draws `picture` from `line`, `column` on, within `maxColumns` × `maxLines` cells: cells
    /// go into `buffer`; a pixel picture that fits is added to `pictures` (its cells stay
    /// blank for the terminal to draw on), and one that does not is left out.
    static func draw(
        _ picture: Picture, line: Int, column: Int, maxColumns: Int, maxLines: Int,
        in buffer: inout ScreenBuffer, pictures: inout [PlacedPicture]
    ) {
        switch picture {
        case .cells(let rows):
            for (offset, cells) in rows.prefix(maxLines).enumerated() {
                for (index, cell) in cells.prefix(maxColumns).enumerated() {
                    buffer[line + offset, column + index] = cell
                }
            }
        case .pixels(let pixels):
            guard pixels.columns <= maxColumns, pixels.lines <= maxLines else { return }
            pictures.append(PlacedPicture(pixels, row: line, column: column))
        }
    }
}
