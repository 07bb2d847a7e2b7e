import SepiaTerminal

/// A framed panel centred over the screen and sized to its text (help, alerts): as wide as
/// its widest line when the screen allows, its lines wrapped to a narrower screen, and on a
/// screen too short for them the lines that fit, the last one saying how many are left out.
struct OverlayPanel: Sendable {
    /// The title in the top edge.
    var title: String
    /// The frame's style.
    var border: CellStyle
    /// The columns the text would take with nothing wrapped.
    var preferredWidth: Int
    /// The lines of text for a given width in columns; none may be wider.
    var lines: @Sendable (_ width: Int) -> [OverlayLine]

    /// Columns between the frame and the text, on each side.
    static let sidePadding = 1
    /// Columns left free on each side of the panel when the screen is wide enough.
    static let margin = 1

    /// Where the panel goes on a screen of `size` and the lines it shows; nil when not even a
    /// frame with one column of text fits.
    struct Placement: Sendable, Equatable {
        /// The frame's top line and left column.
        var line: Int
        var column: Int
        /// The frame's size, borders included.
        var width: Int
        var height: Int
        /// The lines drawn inside, top to bottom.
        var shown: [OverlayLine]
        /// The first line inside the frame that holds text, and the columns of text.
        var textLine: Int
        var textWidth: Int
    }

    /// The panel's placement on a screen of `size`.
    func placement(on size: TerminalSize) -> Placement? {
        let frameAndPadding = 2 + 2 * Self.sidePadding
        let availableWidth = size.columns - (size.columns >= preferredWidth + frameAndPadding + 2 * Self.margin ? 2 * Self.margin : 0)
        // Keep the title bar and the status line in sight when the screen has room for both.
        let availableHeight = size.rows >= 8 ? size.rows - 2 : size.rows
        let textWidth = min(preferredWidth, availableWidth - frameAndPadding)
        guard textWidth >= 1, availableHeight >= 3 else { return nil }
        let all = lines(textWidth)
        let verticalPadding = all.count + 4 <= availableHeight ? 1 : 0
        let height = min(all.count + 2 + 2 * verticalPadding, availableHeight)
        let room = height - 2 - 2 * verticalPadding
        let shown = all.count <= room ? all : Array(all.prefix(room - 1)) + [Self.moreLine(all.count - room + 1, width: textWidth)]
        let width = textWidth + frameAndPadding
        let line = (size.rows - height) / 2
        let column = (size.columns - width) / 2
        return Placement(
            line: line, column: column, width: width, height: height, shown: shown,
            textLine: line + 1 + verticalPadding, textWidth: textWidth)
    }

    /// Draws the panel over what `buffer` holds.
    func draw(in buffer: inout ScreenBuffer) {
        guard let placement = placement(on: buffer.size) else { return }
        Box.draw(
            in: &buffer, line: placement.line, column: placement.column, width: placement.width,
            height: placement.height, title: title, style: border)
        for (offset, line) in placement.shown.enumerated() {
            var used = 0
            for piece in line.pieces where used < placement.textWidth {
                used += buffer.write(
                    piece.text, row: placement.textLine + offset, column: placement.column + 1 + Self.sidePadding + used,
                    style: piece.style, maxWidth: placement.textWidth - used)
            }
        }
    }

    /// The line that stands for `count` lines left out, as long as fits `width`.
    private static func moreLine(_ count: Int, width: Int) -> OverlayLine {
        let text = ["… \(count) more lines", "… \(count) more", "…"].first { Box.columns(of: $0) <= width } ?? "…"
        return OverlayLine(text, style: BrowserTheme.dim)
    }
}
