import SepiaImaging

/// Reads the answers to `TerminalProbe`'s queries out of terminal input, which may come split
/// across reads at any byte and mixed with keys the user typed meanwhile.
///
/// Answers are 7-bit escape sequences (ECMA-48): CSI (`ESC [` parameters, intermediates, a
/// final byte), APC (`ESC _ … ESC \`) and DCS (`ESC P … ESC \`). Every byte that is not part
/// of an answer (a key, an arrow key's CSI, a mouse report) goes to `otherInput` unchanged;
/// terminal strings that answer nothing asked for are dropped.
public struct TerminalAnswerParser: Sendable {
    /// The longest APC or DCS string waited for: beyond it, an `ESC _` or `ESC P` that never
    /// ended (Alt-_ or Alt-Shift-P typed, say) is taken as keys.
    static let longestString = 1024

    /// Bytes of a sequence not complete yet, read again with the next bytes.
    private var pending: [UInt8] = []
    /// The bytes read so far that were no answer, in the order they came.
    public private(set) var otherInput: [UInt8] = []

    /// A parser that has read nothing.
    public init() {}

    /// Reads `bytes` and returns the answers they complete, in the order they came. The bytes
    /// of a sequence that is not complete yet wait for the next call.
    public mutating func consume(_ bytes: some Sequence<UInt8>) -> [TerminalAnswer] {
        let input = pending + bytes
        pending = []
        var answers: [TerminalAnswer] = []
        var index = input.startIndex
        while index < input.endIndex {
            guard input[index] == ControlSequence.escape else {
                otherInput.append(input[index])
                index += 1
                continue
            }
            switch Self.scan(input[index...]) {
            case .incomplete:
                pending = Array(input[index...])
                return answers
            case .answer(let answer, let length):
                if let answer { answers.append(answer) }
                index += length
            case .notAnAnswer(let length):
                otherInput += input[index..<index + length]
                index += length
            }
        }
        return answers
    }

    /// Ends the input: the bytes of a sequence left incomplete are taken as keys.
    public mutating func finish() {
        otherInput += pending
        pending = []
    }

    /// What the bytes from an ESC hold.
    private enum Scan {
        /// More bytes are needed to tell.
        case incomplete
        /// A terminal answer `length` bytes long; nil when it answers nothing asked for.
        case answer(TerminalAnswer?, length: Int)
        /// `length` bytes that are no answer (typed keys).
        case notAnAnswer(length: Int)
    }

    /// Scans the sequence that starts at the ESC `bytes` start with.
    private static func scan(_ bytes: ArraySlice<UInt8>) -> Scan {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["): return scanControlSequence(bytes)
        case UInt8(ascii: "_"): return scanString(bytes, reading: kittyAnswer)
        case UInt8(ascii: "P"): return scanString(bytes, reading: versionAnswer)
        default: return .notAnAnswer(length: 1)
        }
    }

    /// Scans `ESC [`, parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F) and a final
    /// byte (0x40–0x7E), as ECMA-48 defines a control sequence.
    private static func scanControlSequence(_ bytes: ArraySlice<UInt8>) -> Scan {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return .incomplete }
        let length = index + 1 - start
        guard (0x40...0x7E).contains(bytes[index]),
            let answer = controlSequenceAnswer(parameters: bytes[start + 2..<index], final: bytes[index])
        else { return .notAnAnswer(length: length) }
        return .answer(answer, length: length)
    }

    /// The answer a control sequence with these parameter bytes and final byte is, if any.
    private static func controlSequenceAnswer(parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalAnswer? {
        let isPrivate = parameters.first == UInt8(ascii: "?")
        guard let numbers = decimals(isPrivate ? parameters.dropFirst() : parameters) else { return nil }
        switch (isPrivate, final) {
        case (true, UInt8(ascii: "c")):
            return .deviceAttributes(numbers)
        case (true, UInt8(ascii: "S")) where numbers.count >= 2:
            return .graphicsAttribute(item: numbers[0], status: numbers[1], values: Array(numbers.dropFirst(2)))
        case (false, UInt8(ascii: "t")) where numbers.count == 3 && numbers[0] == 4:
            return .windowPixels(PixelSize(width: numbers[2], height: numbers[1]))
        case (false, UInt8(ascii: "t")) where numbers.count == 3 && numbers[0] == 6:
            return .cellPixels(PixelSize(width: numbers[2], height: numbers[1]))
        default:
            return nil
        }
    }

    /// The numbers of `;`-separated decimal parameters, empty ones left out (kitty answers
    /// DA1 with `?62;c`); nil when anything else is among them, or a number is absurdly long.
    private static func decimals(_ bytes: ArraySlice<UInt8>) -> [Int]? {
        var numbers: [Int] = []
        for field in bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
            guard field.count <= 9, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return numbers
    }

    /// Scans `ESC _` or `ESC P`, a string and the string terminator `ESC \`, and reads the
    /// string with `read`.
    private static func scanString(_ bytes: ArraySlice<UInt8>, reading read: (ArraySlice<UInt8>) -> TerminalAnswer?) -> Scan {
        let start = bytes.startIndex
        var index = start + 2
        while index + 1 < bytes.endIndex {
            if bytes[index] == ControlSequence.escape && bytes[index + 1] == UInt8(ascii: "\\") {
                return .answer(read(bytes[start + 2..<index]), length: index + 2 - start)
            }
            index += 1
        }
        return bytes.count > longestString ? .notAnAnswer(length: 2) : .incomplete
    }

    /// The kitty graphics answer in an APC string, `G i=<id>[,<keys>] ; <message>`.
    private static func kittyAnswer(_ string: ArraySlice<UInt8>) -> TerminalAnswer? {
        guard string.first == UInt8(ascii: "G"), let separator = string.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let keys = String(decoding: string[(string.startIndex + 1)..<separator], as: UTF8.self).split(separator: ",")
        guard let idKey = keys.first(where: { $0.hasPrefix("i=") }), let id = UInt32(idKey.dropFirst(2)) else { return nil }
        return .kittyGraphics(imageID: id, message: String(decoding: string[(separator + 1)...], as: UTF8.self))
    }

    /// The XTVERSION answer in a DCS string, `> | text`.
    private static func versionAnswer(_ string: ArraySlice<UInt8>) -> TerminalAnswer? {
        guard string.starts(with: [UInt8(ascii: ">"), UInt8(ascii: "|")]) else { return nil }
        return .version(String(decoding: string.dropFirst(2), as: UTF8.self))
    }
}
