import SepiaTerminal

/// The key help `?` shows: keys on the left, what they do on the right, in a panel as wide as
/// its longest line when the screen allows; narrower, the meanings (and long key lists) wrap,
/// and narrower still, each meaning goes under its keys.
enum HelpOverlay {
    static let entries: [(keys: String, meaning: String)] = [
        ("j k ↓ ↑", "move the selection"),
        ("PgDn PgUp  Ctrl-f Ctrl-b  Space", "a screen down / up"),
        ("Ctrl-d Ctrl-u", "half a screen down / up"),
        ("g Home   G End", "first / last photo"),
        ("mouse wheel", "scroll"),
        ("Enter  l  →", "open the photo large"),
        ("Esc  h  ←", "close the photo, help or alert"),
        ("r", "retry a failed photo that may load now"),
        ("o", "show / hide the queues"),
        ("?", "show / hide this help"),
        ("Ctrl-z", "suspend to the shell (fg resumes)"),
        ("q  Ctrl-c", "quit"),
    ]

    /// Columns between the keys and their meaning.
    static let gap = 2
    /// The narrowest meaning column worth keeping beside the keys; below it, meanings go
    /// under their keys.
    static let narrowestMeaning = 10

    static let widestKeys = entries.map { Box.columns(of: $0.keys) }.max() ?? 0
    static let widestMeaning = entries.map { Box.columns(of: $0.meaning) }.max() ?? 0

    /// The panel, ending with how pictures are drawn and why (`picturesNote`).
    static func panel(picturesNote: String) -> OverlayPanel {
        OverlayPanel(title: "Keys", border: BrowserTheme.border, preferredWidth: widestKeys + gap + widestMeaning) { width in
            lines(width: width) + [.blank]
                + Box.wrap("Pictures: " + picturesNote, width: width).map { OverlayLine($0, style: BrowserTheme.dim) }
        }
    }

    static func draw(picturesNote: String, in buffer: inout ScreenBuffer) {
        panel(picturesNote: picturesNote).draw(in: &buffer)
    }

    /// The help's lines at most `width` columns wide.
    static func lines(width: Int) -> [OverlayLine] {
        // The meanings keep their full width while the keys get at least two fifths.
        let keyWidth = min(widestKeys, max(width - gap - widestMeaning, width * 2 / 5))
        let meaningWidth = width - keyWidth - gap
        guard meaningWidth >= narrowestMeaning else { return stackedLines(width: width) }
        return entries.flatMap { entry in
            let keys = wrapKeys(entry.keys, width: keyWidth)
            let meaning = Box.wrap(entry.meaning, width: meaningWidth)
            return (0..<max(keys.count, meaning.count)).map { index in
                let key = index < keys.count ? keys[index] : ""
                let padding = String(repeating: " ", count: keyWidth + gap - Box.columns(of: key))
                return OverlayLine(pieces: [
                    .init(text: key + padding, style: BrowserTheme.name),
                    .init(text: index < meaning.count ? meaning[index] : "", style: BrowserTheme.plain),
                ])
            }
        }
    }

    /// Each entry's keys on a line of their own and its meaning below, indented.
    private static func stackedLines(width: Int) -> [OverlayLine] {
        let indent = width > 4 ? 2 : 0
        return entries.flatMap { entry in
            wrapKeys(entry.keys, width: width).map { OverlayLine($0, style: BrowserTheme.name) }
                + Box.wrap(entry.meaning, width: width - indent).map {
                    OverlayLine(String(repeating: " ", count: indent) + $0, style: BrowserTheme.plain)
                }
        }
    }

    /// Key lists break between the groups two spaces apart ("PgDn PgUp  Ctrl-f Ctrl-b")
    /// before they break inside one.
    private static func wrapKeys(_ keys: String, width: Int) -> [String] {
        if Box.columns(of: keys) <= width { return [keys] }
        var lines: [String] = []
        let groups = keys.split(separator: "  ").map { String($0.trimmingPrefix { $0 == " " }) }
        for group in groups where !group.isEmpty {
            if let last = lines.last, Box.columns(of: last) + gap + Box.columns(of: group) <= width {
                lines[lines.count - 1] = last + "  " + group
            } else {
                lines += Box.wrap(group, width: width)
            }
        }
        return lines
    }
}
