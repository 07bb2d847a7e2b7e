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

    /// The terminal columns `text` takes (a wide character takes two).
    static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + CharacterWidth.columns(of: $1) }
    }

    /// Splits `text` into lines of at most `width` columns, breaking at spaces where it can
    /// and inside words longer than a line. A text that fits is kept whole, runs of spaces
    /// and all; lines broken apart lose the spaces between them.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        if text.first != " ", text.last != " ", columns(of: text) <= width { return text.isEmpty ? [] : [text] }
        var lines: [String] = []
        var current = ""
        var currentColumns = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if currentColumns > 0 && currentColumns + 1 + columns(of: word) > width {
                lines.append(current)
                (current, currentColumns) = ("", 0)
            }
            while columns(of: word) > width {
                let head = prefix(of: word, columns: width)
                lines.append(String(head))
                word = word[head.endIndex...]
            }
            if !word.isEmpty {
                current = current.isEmpty ? String(word) : current + " " + word
                currentColumns = columns(of: current)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The longest start of `text` that takes at most `width` columns, and at least its first
    /// character (a wide one in a one-column line), so that wrapping always moves on.
    private static func prefix(of text: Substring, columns width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for character in text {
            let next = CharacterWidth.columns(of: character)
            if used + next > width && end > text.startIndex { break }
            used += next
            end = text.index(after: end)
        }
        return text[..<end]
    }
}
