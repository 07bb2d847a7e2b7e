import SepiaTerminal

/// Framed panels drawn over the list: alerts, help, the queue panel.
enum Box {
    /// Draws a frame of `width` × `height` at `line`, `column`, clears its inside, and puts
    /// `title` in the top edge.
    static func draw(
        in buffer: inout ScreenBuffer, line: Int, column: Int, width: Int, height: Int,
        title: String, style: CellStyle
    ) {
        guard width >= 4, height >= 2 else { return }
        buffer.fill(row: line, column: column, width: width, height: height, with: .blank)
        let horizontal = String(repeating: "─", count: width - 2)
        buffer.write("┌" + horizontal + "┐", row: line, column: column, style: style)
        buffer.write("└" + horizontal + "┘", row: line + height - 1, column: column, style: style)
        for inner in (line + 1)..<(line + height - 1) {
            buffer.write("│", row: inner, column: column, style: style)
            buffer.write("│", row: inner, column: column + width - 1, style: style)
        }
        buffer.write(" \(title) ", row: line, column: column + 2, style: style, maxWidth: width - 4)
    }

    /// Splits `text` into lines of at most `width` columns, breaking at spaces where it can.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            current = current.isEmpty ? word : current + " " + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
