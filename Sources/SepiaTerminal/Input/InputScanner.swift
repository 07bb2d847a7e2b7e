/// Splits terminal input bytes into tokens: single keys, UTF-8 characters and escape
/// sequences (framing per ECMA-48 and xterm's ctlseqs).
enum InputScanner {
    /// Longest CSI sequence waited for; longer ones are dropped as garbage.
    static let longestControlSequence = 64

    /// Reads one token from the front of `bytes`.
    static func scan(_ bytes: ArraySlice<UInt8>) -> ScanResult {
        guard let first = bytes.first else { return .needMore }
        switch first {
        case ControlSequence.escape:
            return scanEscape(bytes)
        case 0x0D, 0x0A:
            return .token(events: [.key(.enter)], length: 1)
        case 0x09:
            return .token(events: [.key(.tab)], length: 1)
        case 0x08, 0x7F:
            return .token(events: [.key(.backspace)], length: 1)
        case 0x01...0x1A:
            let letter = Character(Unicode.Scalar(first - 1 + UInt8(ascii: "a")))
            return .token(events: [.key(.control(letter))], length: 1)
        case 0x20...0x7E:
            return .token(events: [.key(.character(Character(Unicode.Scalar(first))))], length: 1)
        case 0xC2...0xF4:
            return scanUTF8(bytes, lead: first)
        default:
            // NUL, Ctrl-\ to Ctrl-_, stray continuation bytes and bytes never valid in UTF-8.
            return .token(events: [], length: 1)
        }
    }

    /// ESC: a CSI or SS3 sequence, or else Escape on its own (Alt+key: the key follows as
    /// the next token).
    private static func scanEscape(_ bytes: ArraySlice<UInt8>) -> ScanResult {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return .needMore }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return scanControlSequence(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return .needMore }
            let final = bytes[start + 2]
            guard (0x40...0x7E).contains(final) else { return .token(events: [.key(.escape)], length: 1) }
            let key = ParsedControlSequence.letterKey(final: final)
            return .token(events: key.map { [.key($0)] } ?? [], length: 3)
        default:
            return .token(events: [.key(.escape)], length: 1)
        }
    }

    /// ESC [ parameters intermediates final. A sequence cut by a control character or a
    /// non-ASCII byte is dropped up to that byte, which is then read on its own.
    private static func scanControlSequence(_ bytes: ArraySlice<UInt8>) -> ScanResult {
        let start = bytes.startIndex
        let bodyStart = start + 2
        // ESC [ M followed by three raw bytes is the legacy X10 mouse report; it is only
        // sent when SGR reports are not supported, and is skipped.
        if bytes.count > 2, bytes[bodyStart] == UInt8(ascii: "M") {
            return bytes.count >= 6 ? .token(events: [], length: 6) : .needMore
        }
        var index = bodyStart
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0x20...0x3F:
                index += 1
                if index - start > longestControlSequence { return .overlongSequence(length: index - start) }
            case 0x40...0x7E:
                let sequence = ParsedControlSequence(body: bytes[bodyStart..<index], final: byte)
                return .token(events: sequence.events, length: index - start + 1)
            default:
                return .token(events: [], length: index - start)
            }
        }
        return .needMore
    }

    /// A multi-byte UTF-8 character. A malformed lead byte is dropped on its own, so the
    /// bytes after it are read afresh.
    private static func scanUTF8(_ bytes: ArraySlice<UInt8>, lead: UInt8) -> ScanResult {
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        for byte in bytes.dropFirst().prefix(length - 1) where byte & 0xC0 != 0x80 {
            return .token(events: [], length: 1)
        }
        guard bytes.count >= length else { return .needMore }
        let encoded = bytes.prefix(length)
        guard let text = String(validating: encoded, as: UTF8.self), let character = text.first else {
            return .token(events: [], length: 1)
        }
        return .token(events: [.key(.character(character))], length: length)
    }
}
