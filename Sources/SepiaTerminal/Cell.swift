/// One character cell of the screen.
public struct Cell: Sendable, Hashable {
    /// What the cell shows: one grapheme one column wide (a kitty placeholder with its
    /// diacritics counts as one), a two-column grapheme in the first of its two cells, or
    /// "" in the second cell of a two-column grapheme (a continuation, never drawn itself).
    public var text: String
    /// How it is drawn.
    public var style: CellStyle

    /// Makes a cell.
    public init(text: String, style: CellStyle = CellStyle()) {
        self.text = text
        self.style = style
    }

    /// A space in the terminal's default colours.
    public static let blank = Cell(text: " ")

    /// True for the second cell of a two-column grapheme.
    public var isContinuation: Bool { text.isEmpty }
}
