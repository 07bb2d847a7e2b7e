/// What a terminal session writes, spelled out independently of the code under test.
enum SessionSequences {
    /// Alternate screen, hidden cursor.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l"
    /// SGR mouse reports on: presses, releases and the wheel, in SGR form.
    static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
    /// End of a synchronized update, mouse off, colours reset, cursor shown, normal screen.
    static let leave = "\u{1B}[?2026l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
}
