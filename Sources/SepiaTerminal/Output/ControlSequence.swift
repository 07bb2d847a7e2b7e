/// The escape sequences Sepia sends to the terminal, as bytes.
///
/// References: xterm's "Control Sequences" (ctlseqs) for the private modes, cursor and SGR
/// sequences; the "Synchronized Output" terminal specification for mode 2026.
enum ControlSequence {
    /// ESC, the first byte of every sequence.
    static let escape: UInt8 = 0x1B

    /// CSI ? 1049 h: save the cursor and switch to the alternate screen.
    static let enterAlternateScreen = csi("?1049h")
    /// CSI ? 1049 l: back to the normal screen, cursor restored.
    static let leaveAlternateScreen = csi("?1049l")
    /// CSI ? 25 l: hide the cursor (DECTCEM).
    static let hideCursor = csi("?25l")
    /// CSI ? 25 h: show the cursor (DECTCEM).
    static let showCursor = csi("?25h")
    /// CSI ? 1000 h, CSI ? 1006 h: report presses, releases and the wheel, in SGR form.
    static let enableMouse = csi("?1000h") + csi("?1006h")
    /// CSI ? 1006 l, CSI ? 1000 l: stop mouse reports.
    static let disableMouse = csi("?1006l") + csi("?1000l")
    /// CSI ? 2026 h: hold the screen until the frame is complete.
    static let beginSynchronizedUpdate = csi("?2026h")
    /// CSI ? 2026 l: show the frame.
    static let endSynchronizedUpdate = csi("?2026l")
    /// CSI 2 J: erase the whole screen.
    static let clearScreen = csi("2J")
    /// CSI 0 m: every character attribute back to the default.
    static let resetStyle = csi("0m")

    /// Appends CSI row ; column H (cursor position), for a 0-based `row` and `column`.
    static func appendMoveCursor(row: Int, column: Int, to bytes: inout [UInt8]) {
        bytes += [escape, UInt8(ascii: "[")]
        bytes.appendDecimal(row + 1)
        bytes.append(UInt8(ascii: ";"))
        bytes.appendDecimal(column + 1)
        bytes.append(UInt8(ascii: "H"))
    }

    /// ESC [ followed by `body`.
    static func csi(_ body: String) -> [UInt8] {
        [escape, UInt8(ascii: "[")] + Array(body.utf8)
    }
}
