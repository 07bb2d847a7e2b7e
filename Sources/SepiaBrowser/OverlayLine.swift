import SepiaTerminal

/// One line of text in an ``OverlayPanel``: pieces side by side, each in its own style.
struct OverlayLine: Sendable, Equatable {
    /// A run of text in one style.
    struct Piece: Sendable, Equatable {
        var text: String
        var style: CellStyle
    }

    var pieces: [Piece]

    /// A line of one piece.
    init(_ text: String, style: CellStyle = BrowserTheme.plain) {
        pieces = [Piece(text: text, style: style)]
    }

    /// A line of several pieces.
    init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// An empty line.
    static let blank = OverlayLine("")

    /// The terminal columns the line takes.
    var columns: Int { pieces.reduce(0) { $0 + Box.columns(of: $1.text) } }

    /// The plain text, for tests and messages.
    var text: String { pieces.map(\.text).joined() }
}
