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

    /// A cell whose content the terminal's screen is not known to show (a painted picture
    /// was there): it equals no cell a frame holds, so the renderer redraws it.
    static let unknown = Cell(text: "\u{FFFF}")

    /// True for the second cell of a two-column grapheme.
    public var isContinuation: Bool { text.isEmpty }
}
