public import SepiaImaging

/// Draws an image with text: each cell covers a block of pixels (2 × 2 for quadrants, 2 × 3
/// for sextants) and shows the symbol and foreground/background pair that reproduce that
/// block with the least squared error (see ``MosaicSymbols``). Works in any terminal with
/// 24-bit or 256 colours; finer than half blocks (1 × 2 pixels a cell) at the same cell count.
///
/// In 256-colour mode the chosen colours are mapped to the palette when the frame is written
/// (`CellStyle`'s SGR); the choice itself is made in 24-bit colour.
public enum MosaicImage {
    /// The cells for `image`: ⌈width / w⌉ columns and ⌈height / h⌉ rows, where w × h is
    /// `symbols.pixelsPerCell`. Pixels are composited over black (alpha 0 is black); when a
    /// side is not a whole number of cells, the last row or column of pixels is repeated to
    /// fill the last cells.
    ///
    /// The caller scales the image beforehand to the pixels its cells cover (off the main
    /// thread, it is the costly part). Each cell tries every pattern of the set (8 for
    /// quadrants, 32 for sextants, one pixel changing a step) with no allocation beyond the
    /// rows of cells returned.
    public static func cells(for image: RGBAImage, symbols: MosaicSymbols) -> [[Cell]] {
        let cellSize = symbols.pixelsPerCell
        let columns = (image.width + cellSize.width - 1) / cellSize.width
        let rows = (image.height + cellSize.height - 1) / cellSize.height
        let search = symbols == .quadrants ? MosaicPatternSearch.quadrants : MosaicPatternSearch.sextants
        return image.pixels.withUnsafeBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: symbols.pixelCount * 3) { block in
                (0..<rows).map { row in
                    var line: [Cell] = []
                    line.reserveCapacity(columns)
                    for column in 0..<columns {
                        readBlock(
                            of: image, bytes: bytes, column: column * cellSize.width, row: row * cellSize.height, size: cellSize,
                            into: block)
                        let fit = MosaicCellFit.best(for: block, search: search)
                        line.append(
                            Cell(
                                text: symbols.character(for: fit.pattern),
                                style: CellStyle(foreground: .rgb(fit.foreground), background: .rgb(fit.background))))
                    }
                    return line
                }
            }
        }
    }

    /// Copies the `size` block of pixels whose top left is `column`, `row` into `block` as
    /// red, green, blue composited over black, in reading order; coordinates past the edge
    /// read the last pixel of their row or column.
    private static func readBlock(
        of image: RGBAImage, bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, size: PixelSize,
        into block: UnsafeMutableBufferPointer<Int>
    ) {
        var index = 0
        for y in row..<(row + size.height) {
            let rowStart = min(y, image.height - 1) * image.bytesPerRow
            for x in column..<(column + size.width) {
                let offset = rowStart + min(x, image.width - 1) * RGBAImage.bytesPerPixel
                let alpha = Int(bytes[offset + 3])
                block[index] = (Int(bytes[offset]) * alpha + 127) / 255
                block[index + 1] = (Int(bytes[offset + 1]) * alpha + 127) / 255
                block[index + 2] = (Int(bytes[offset + 2]) * alpha + 127) / 255
                index += 3
            }
        }
    }
}
