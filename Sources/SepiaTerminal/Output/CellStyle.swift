/// How a cell is drawn: colours and attributes.
public struct CellStyle: Sendable, Hashable {
    /// The text colour.
    public var foreground: CellColor
    /// The background colour.
    public var background: CellColor
    /// Bold (SGR 1).
    public var bold: Bool
    /// Dim (SGR 2).
    public var dim: Bool
    /// Foreground and background swapped (SGR 7).
    public var inverse: Bool
    /// Underlined (SGR 4).
    public var underline: Bool

    /// Makes a style; the defaults are the terminal's plain text.
    public init(
        foreground: CellColor = .terminalDefault, background: CellColor = .terminalDefault,
        bold: Bool = false, dim: Bool = false, inverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.inverse = inverse
        self.underline = underline
    }
}
