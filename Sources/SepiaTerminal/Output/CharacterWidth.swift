/// How many terminal columns a grapheme takes, the way terminals decide it (wcwidth-like).
public enum CharacterWidth {
    /// Code points that are East Asian Wide or Fullwidth in Unicode's EastAsianWidth.txt
    /// (UAX #11), in broad blocks. Emoji are found through their Unicode properties instead:
    /// the emoji blocks also hold narrow symbols (U+1F5A5 🖥 is one column without U+FE0F).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// 0 for a grapheme that takes no room (format characters, a combining mark on its own),
    /// 2 for a wide or emoji-presentation grapheme, 1 otherwise. Control characters count as
    /// 1; callers replace them before drawing.
    public static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        let properties = first.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }
}
