import SepiaImaging
import SepiaTerminal

/// How the browser draws pictures, once the graphics mode is chosen and the terminal probed.
enum PictureFormat: Sendable, Equatable {
    /// No pictures (`--graphics none`).
    case none
    /// Cell mosaics: a pattern of `symbols` a cell, in two colours.
    case mosaic(MosaicSymbols)
    /// kitty images shown by Unicode-placeholder cells (kitty 0.28 and later, also in tmux).
    case kittyPlaceholders
    /// kitty images placed directly at their cell.
    case kitty
    /// iTerm2 inline images (OSC 1337).
    case iterm
    /// Sixel graphics with at most `colorRegisters` colour registers, no larger than `largest`
    /// (the terminal clips larger ones) when the terminal says.
    case sixel(colorRegisters: Int, largest: PixelSize?)

    /// The pixels a picture covering `area` has, with cells of `cellSize` pixels.
    func pixels(of area: CellArea, cellSize: PixelSize) -> PixelSize {
        let columns = max(area.columns, 1)
        let lines = max(area.lines, 1)
        switch self {
        case .none: return PixelSize(width: columns, height: lines)
        case .mosaic(let symbols):
            return PixelSize(width: columns * symbols.pixelsPerCell.width, height: lines * symbols.pixelsPerCell.height)
        case .kitty, .kittyPlaceholders, .iterm:
            return PixelSize(width: columns * max(cellSize.width, 1), height: lines * max(cellSize.height, 1))
        case .sixel(_, let largest):
            var box = PixelSize(width: columns * max(cellSize.width, 1), height: lines * max(cellSize.height, 1))
            if let largest, largest.width > 0, largest.height > 0 {
                box = PixelSize(width: min(box.width, largest.width), height: min(box.height, largest.height))
            }
            // Whole six-pixel bands: xterm moves by bands, and a band reaching past the cells
            // into the status line's row (the last) would scroll the screen.
            return PixelSize(width: box.width, height: max(box.height / 6 * 6, 6))
        }
    }
}
