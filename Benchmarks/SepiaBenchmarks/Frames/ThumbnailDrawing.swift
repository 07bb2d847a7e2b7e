import SepiaImaging
import SepiaTerminal

/// One way of drawing a thumbnail, as the browser makes it.
struct ThumbnailDrawing {
    /// A thumbnail ready for the list.
    enum Made {
        /// Text cells.
        case cells([[Cell]])
        /// kitty placeholder cells, and the bytes that send their image.
        case placeholders([[Cell]], transmit: [UInt8])
        /// A picture the renderer places.
        case pixels(PixelPicture)
    }

    let name: String
    let colorMode: ColorMode
    /// Makes the thumbnail of a photo, under an id, for an area of cells.
    let make: (RGBAImage, UInt32, (columns: Int, lines: Int)) -> Made

    /// Every drawing, for cells of `cellSize` pixels.
    static func all(cellSize: PixelSize) -> [ThumbnailDrawing] {
        func pixels(_ area: (columns: Int, lines: Int)) -> PixelSize {
            PixelSize(width: area.columns * cellSize.width, height: area.lines * cellSize.height)
        }
        func mosaic(_ image: RGBAImage, _ area: (columns: Int, lines: Int), _ symbols: MosaicSymbols) -> Made {
            let cell = symbols.pixelsPerCell
            return .cells(
                MosaicImage.cells(
                    for: image.resized(to: PixelSize(width: area.columns * cell.width, height: area.lines * cell.height)), symbols: symbols)
            )
        }
        return [
            ThumbnailDrawing(name: "quadrants, 24-bit", colorMode: .trueColor) { image, _, area in mosaic(image, area, .quadrants) },
            ThumbnailDrawing(name: "quadrants, 256 colours", colorMode: .indexed256) { image, _, area in mosaic(image, area, .quadrants) },
            ThumbnailDrawing(name: "sextants, 24-bit", colorMode: .trueColor) { image, _, area in mosaic(image, area, .sextants) },
            ThumbnailDrawing(name: "kitty placeholders", colorMode: .trueColor) { image, id, area in
                let scaled = image.resized(toFit: pixels(area))
                let columns = (scaled.width + cellSize.width - 1) / cellSize.width
                let lines = (scaled.height + cellSize.height - 1) / cellSize.height
                return .placeholders(
                    KittyGraphics.placeholderCells(id: id, columns: columns, rows: lines),
                    transmit: KittyGraphics.transmit(scaled, id: id, columns: columns, rows: lines))
            },
            ThumbnailDrawing(name: "kitty, placed", colorMode: .trueColor) { image, id, area in
                .pixels(.kitty(image.resized(toFit: pixels(area)), id: id, cellSize: cellSize))
            },
            ThumbnailDrawing(name: "iTerm2 inline image", colorMode: .trueColor) { image, id, area in
                // The PNG encoder fails only without memory; a benchmark may stop there.
                .pixels(try! .iterm(image.resized(toFit: pixels(area)), id: id, cellSize: cellSize))
            },
            ThumbnailDrawing(name: "sixel, 256 registers", colorMode: .trueColor) { image, id, area in
                .pixels(.sixel(image.resized(toFit: pixels(area)), id: id, cellSize: cellSize, colorRegisters: 256))
            },
        ]
    }
}
