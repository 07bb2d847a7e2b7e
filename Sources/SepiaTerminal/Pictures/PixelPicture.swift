public import SepiaImaging

/// A picture drawn with the terminal's own pixels over a rectangle of cells, through a
/// graphics protocol: made off the main queue (the encoding is the costly part), then
/// handed to ``FrameRenderer`` in ``PlacedPicture``s, which sends it where it shows.
///
/// The protocols keep pictures in two ways, and the renderer treats each as it needs:
/// - **kitty** keeps an image by its id, shown by placements that stay until moved or
///   deleted, over the text: sent once while it is on screen, placed again when it moves,
///   deleted when it leaves;
/// - **sixel** and **iTerm2** paint pixels into the cells at the cursor, which text written
///   over them erases: painted again whenever the cells they cover are redrawn or they move,
///   and erased by redrawing those cells when they leave.
public struct PixelPicture: Sendable {
    /// How the terminal gets the picture.
    public enum Drawing: Sendable {
        /// A kitty graphics image: the bytes that send it (`a=t`) under the picture's id.
        case kitty(transmission: [UInt8])
        /// A sequence that paints at the cursor: a sixel DCS string or an iTerm2 inline image.
        case painted(sequence: [UInt8])
    }

    /// Names the picture: a kitty image id, and how the renderer tells pictures apart (a
    /// picture made again, for another size or photo, needs a new id). Not 0.
    public let id: UInt32
    /// The cells it covers across.
    public let columns: Int
    /// The cells it covers down.
    public let lines: Int
    /// How the terminal gets it.
    public let drawing: Drawing

    /// Makes a picture covering `columns` × `lines` cells.
    /// - Precondition: `id` is not 0; `columns` and `lines` are at least 1.
    public init(id: UInt32, columns: Int, lines: Int, drawing: Drawing) {
        precondition(id != 0, "picture ids start at 1")
        precondition(columns > 0 && lines > 0, "a picture covers at least one cell")
        self.id = id
        self.columns = columns
        self.lines = lines
        self.drawing = drawing
    }

    /// `image` as a kitty image under `id`, at its size in pixels, covering the cells its
    /// pixels reach with cells of `cellSize`.
    public static func kitty(_ image: RGBAImage, id: UInt32, cellSize: PixelSize) -> PixelPicture {
        let cells = coveredCells(image.size, cellSize: cellSize)
        return PixelPicture(
            id: id, columns: cells.columns, lines: cells.lines,
            drawing: .kitty(transmission: KittyGraphics.transmitForPlacement(image, id: id)))
    }

    /// `image` as a sixel string with at most `colorRegisters` colours, at its size in pixels,
    /// covering the cells its pixels reach with cells of `cellSize`.
    public static func sixel(_ image: RGBAImage, id: UInt32, cellSize: PixelSize, colorRegisters: Int) -> PixelPicture {
        let cells = coveredCells(image.size, cellSize: cellSize)
        return PixelPicture(
            id: id, columns: cells.columns, lines: cells.lines,
            drawing: .painted(sequence: SixelEncoder.encode(image, colorRegisters: colorRegisters)))
    }

    /// `image` as an iTerm2 inline image (a PNG), at its size in pixels, covering the cells
    /// its pixels reach with cells of `cellSize`.
    /// - Throws: `ImageEncodingError` when the PNG cannot be made.
    public static func iterm(_ image: RGBAImage, id: UInt32, cellSize: PixelSize) throws -> PixelPicture {
        let cells = coveredCells(image.size, cellSize: cellSize)
        let sequence = try ITermInlineImage.sequence(for: image, columns: cells.columns, rows: cells.lines)
        return PixelPicture(id: id, columns: cells.columns, lines: cells.lines, drawing: .painted(sequence: sequence))
    }

    /// The whole cells a picture of `size` pixels reaches, at least one each way.
    static func coveredCells(_ size: PixelSize, cellSize: PixelSize) -> (columns: Int, lines: Int) {
        let width = max(cellSize.width, 1)
        let height = max(cellSize.height, 1)
        return (max((size.width + width - 1) / width, 1), max((size.height + height - 1) / height, 1))
    }
}
