/// Text from outside the program (names and reasons from manifests, file names, URLs, what a
/// server answered) made safe to write to a terminal, as a line of text or into a cell.
///
/// A terminal acts on control characters instead of drawing them: an ESC starts a sequence
/// that can set the window title (OSC 0), write the clipboard (OSC 52 in kitty, WezTerm,
/// foot and tmux) or move the cursor (CSI); a newline starts a line that looks like the
/// program's own; a bidirectional control reorders the text after it, so what is shown is not
/// what is there. Every such character is shown as U+FFFD instead, and the text is cut to a
/// length, so that one row's name cannot fill the screen.
public enum TerminalSafeText {
    /// What each control character is shown as: U+FFFD REPLACEMENT CHARACTER.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The most characters (graphemes) that ``make(_:maximumLength:)`` keeps by default.
    public static let defaultMaximumLength = 1_000

    /// Whether a terminal acts on `scalar` rather than drawing it: the C0 controls (tab and
    /// newline included), DEL, the C1 controls (U+0080–U+009F, which some terminals read as
    /// ESC sequences), and the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every control character (see ``isControl(_:)``) replaced by
    /// ``replacement``, and cut to `maximumLength` characters, the last of them "…", when it is
    /// longer.
    public static func make(_ text: some StringProtocol, maximumLength: Int = defaultMaximumLength) -> String {
        let limit = max(maximumLength, 1)
        if isPrintableASCII(text.utf8), text.utf8.count <= limit { return String(text) }
        let isCut = limit < Int.max && text.prefix(limit + 1).count > limit
        var scalars = String.UnicodeScalarView()
        for character in text.prefix(isCut ? limit - 1 : limit) {
            for scalar in character.unicodeScalars {
                scalars.append(isControl(scalar) ? replacement : scalar)
            }
        }
        if isCut { scalars.append("\u{2026}") }
        return String(scalars)
    }

    /// Whether every byte is printable ASCII (space to tilde), which most text is.
    private static func isPrintableASCII(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
