import SepiaTerminal

/// The key help `?` shows.
enum HelpOverlay {
    static let lines: [(keys: String, meaning: String)] = [
        ("j k ↓ ↑", "move the selection"),
        ("PgDn PgUp  Ctrl-f Ctrl-b  Space", "a screen down / up"),
        ("Ctrl-d Ctrl-u", "half a screen down / up"),
        ("g Home   G End", "first / last photo"),
        ("mouse wheel", "scroll"),
        ("Enter  l  →", "open the photo large"),
        ("Esc  h  ←", "close the photo, help or alert"),
        ("r", "retry a failed photo"),
        ("o", "show / hide the queues"),
        ("?", "show / hide this help"),
        ("Ctrl-z", "suspend to the shell (fg resumes)"),
        ("q  Ctrl-c", "quit"),
    ]

    static func draw(layout: BrowserLayout, in buffer: inout ScreenBuffer) {
        let width = min(64, max(layout.size.columns - 4, 20))
        let height = min(lines.count + 4, max(layout.size.rows - 2, 3))
        let line = max((layout.size.rows - height) / 2, 0)
        let column = max((layout.size.columns - width) / 2, 0)
        Box.draw(in: &buffer, line: line, column: column, width: width, height: height, title: "Keys", style: BrowserTheme.border)
        for (offset, entry) in lines.prefix(max(height - 4, 0)).enumerated() {
            buffer.write(entry.keys, row: line + 2 + offset, column: column + 2, style: BrowserTheme.name, maxWidth: 32)
            buffer.write(entry.meaning, row: line + 2 + offset, column: column + 35, style: BrowserTheme.plain, maxWidth: width - 37)
        }
    }
}
