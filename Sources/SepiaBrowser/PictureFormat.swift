import SepiaImaging
import SepiaTerminal

/// How the browser draws pictures, once the graphics mode is chosen and the terminal probed.
enum PictureFormat: Sendable, Equatable {
    /// No pictures (`--graphics none`).
    case none
    /// Half-block characters: two pixels a cell, stacked.
    case halfBlocks
    /// kitty images shown by Unicode-placeholder cells (kitty 0.28 and later, also in tmux).
    case kittyPlaceholders
    /// kitty images placed directly at their cell.
    case kitty
    /// Sixel graphics with at most this many colour registers.
    case sixel(colorRegisters: Int)

    /// Whether pictures are drawn with the terminal's pixels (one ``PixelPicture`` each),
    /// rather than with cells.
    var drawsPixels: Bool {
        switch self {
        case .kitty, .sixel: true
        case .none, .halfBlocks, .kittyPlaceholders: false
        }
    }

    /// The pixels a picture covering `area` has, with cells of `cellSize` pixels.
    func pixels(of area: CellArea, cellSize: PixelSize) -> PixelSize {
        let columns = max(area.columns, 1)
        let lines = max(area.lines, 1)
        switch self {
        case .none, .halfBlocks: return PixelSize(width: columns, height: lines * 2)
        case .kitty, .kittyPlaceholders, .sixel:
            return PixelSize(width: columns * max(cellSize.width, 1), height: lines * max(cellSize.height, 1))
        }
    }
}
