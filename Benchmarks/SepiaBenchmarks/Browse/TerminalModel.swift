import SepiaTerminal
import SepiaTestSupport

/// Follows the bytes a program writes to a terminal far enough to know its text: cursor moves
/// (CUP, CHA, VPA), clearing the screen or a line, the alternate screen, carriage returns,
/// line feeds and text; styles, other modes and string sequences (OSC, APC, DCS) are skipped.
///
/// Sepia's renderer only moves the cursor, sets styles and writes text, so this is enough to
/// read the browser's status bar from a control client's `%output` without asking tmux,
/// which would add its own round trip to the measurement. A sequence split between two pieces
/// of output waits for the next one.
struct TerminalModel {
    /// Pending bytes beyond this are not a sequence the model knows: they are dropped.
    private static let longestPendingSequence = 1 << 16

    let columns: Int
    let lines: Int
    private var grid: [[Character]]
    private var row = 0
    private var column = 0
    /// The main screen and its cursor while the alternate screen is on.
    private var savedMainScreen: (grid: [[Character]], row: Int, column: Int)?
    /// The start of a sequence or UTF-8 character that the next output finishes.
    private var pending: [UInt8] = []
    /// Columns of the characters seen so far (most are the same few).
    private var widths: [Character: Int] = [:]

    /// A blank screen of `columns` × `lines`, the cursor at the top left.
    init(columns: Int, lines: Int) {
        self.columns = columns
        self.lines = lines
        grid = Self.blankGrid(columns: columns, lines: lines)
    }

    /// The screen as the program has drawn it so far.
    var screen: PaneSnapshot {
        PaneSnapshot(lines: grid.map { String($0) })
    }

    /// The text of line `number` (0 at the top).
    func line(_ number: Int) -> String {
        String(grid[number])
    }

    /// Applies a piece of the program's output.
    mutating func feed(_ output: [UInt8]) {
        let bytes = pending + output
        var index = 0
        while index < bytes.count, let next = step(bytes, at: index) {
            index = next
        }
        pending = Array(bytes[index...])
        if pending.count > Self.longestPendingSequence { pending = [] }
    }

    /// Applies the token that starts at `index`; returns where the next one starts, or nil
    /// when the token is not complete yet.
    private mutating func step(_ bytes: [UInt8], at index: Int) -> Int? {
        switch bytes[index] {
        case 0x1B:
            return escape(bytes, at: index)
        case 0x00..<0x20:
            control(bytes[index])
            return index + 1
        default:
            let end = bytes[index...].firstIndex { $0 < 0x20 } ?? bytes.count
            let complete = end < bytes.count ? end : Self.endOfCompleteUTF8(bytes, from: index)
            guard complete > index else { return nil }
            write(bytes[index..<complete])
            return complete
        }
    }

    /// An escape sequence at `index`: CSI sequences are applied, string sequences and other
    /// escapes skipped.
    private mutating func escape(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return nil }
            if (0x40...0x7E).contains(bytes[end]) { controlSequence(bytes[(index + 2)..<end], final: bytes[end]) }
            return end + 1
        case UInt8(ascii: "]"):
            return Self.endOfString(bytes, from: index + 2, bellEnds: true)
        case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            return Self.endOfString(bytes, from: index + 2, bellEnds: false)
        default:
            return index + 2
        }
    }

    /// Where a string sequence's terminator (ESC \\, or BEL for an OSC when `bellEnds`) ends,
    /// or nil before it came. A doubled ESC is an ESC inside the string, as tmux's passthrough
    /// (`ESC P tmux; …`) carries the sequences it wraps.
    private static func endOfString(_ bytes: [UInt8], from start: Int, bellEnds: Bool) -> Int? {
        var index = start
        while let terminator = bytes[index...].firstIndex(where: { ($0 == 0x07 && bellEnds) || $0 == 0x1B }) {
            if bytes[terminator] == 0x07 { return terminator + 1 }
            guard terminator + 1 < bytes.count else { return nil }
            if bytes[terminator + 1] != 0x1B { return terminator + 2 }
            index = terminator + 2
            guard index < bytes.count else { return nil }
        }
        return nil
    }

    /// The end of the last complete UTF-8 character in `bytes[start...]`.
    private static func endOfCompleteUTF8(_ bytes: [UInt8], from start: Int) -> Int {
        var lead = bytes.count
        while lead > start, lead > bytes.count - 4, bytes[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
        guard lead > start, bytes[lead - 1] >= 0xC0 else { return bytes.count }
        let length = bytes[lead - 1] >= 0xF0 ? 4 : bytes[lead - 1] >= 0xE0 ? 3 : 2
        return lead - 1 + length <= bytes.count ? bytes.count : lead - 1
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0D: column = 0
        case 0x0A: row = min(row + 1, lines - 1)
        case 0x08: column = max(column - 1, 0)
        default: break
        }
    }

    /// Applies the CSI sequences that move the cursor or clear, and the alternate screen's
    /// switch; styles (SGR) and other private modes (`?`, `>`) change nothing here.
    private mutating func controlSequence(_ body: ArraySlice<UInt8>, final: UInt8) {
        if Array(body) == Array("?1049".utf8) && (final == UInt8(ascii: "h") || final == UInt8(ascii: "l")) {
            switchScreen(toAlternate: final == UInt8(ascii: "h"))
            return
        }
        if final == UInt8(ascii: "m") || body.first == UInt8(ascii: "?") || body.first == UInt8(ascii: ">") { return }
        let numbers = body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { Int(String(decoding: $0, as: UTF8.self)) ?? 0 }
        let first = numbers.first ?? 0
        let position = max((first == 0 ? 1 : first) - 1, 0)
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            row = position
            let second = numbers.count > 1 ? numbers[1] : 0
            column = max((second == 0 ? 1 : second) - 1, 0)
        case UInt8(ascii: "J") where first == 2:
            grid = Self.blankGrid(columns: columns, lines: lines)
        case UInt8(ascii: "K"):
            erase(inLine: first)
        case UInt8(ascii: "G"):
            column = position
        case UInt8(ascii: "d"):
            row = position
        default:
            break
        }
    }

    /// DECSET/DECRST 1049: the alternate screen, blank, with the main screen and cursor
    /// saved; or the main screen back as it was (what a shell prints after the program shows
    /// there, as on a real terminal).
    private mutating func switchScreen(toAlternate alternate: Bool) {
        if alternate, savedMainScreen == nil {
            savedMainScreen = (grid, row, column)
            grid = Self.blankGrid(columns: columns, lines: lines)
        } else if !alternate, let main = savedMainScreen {
            (grid, row, column) = main
            savedMainScreen = nil
        }
    }

    /// EL: 0 from the cursor to the end of the line, 1 from its start to the cursor, 2 all.
    private mutating func erase(inLine mode: Int) {
        let line = min(row, lines - 1)
        let span = mode == 0 ? column..<columns : mode == 1 ? 0..<(column + 1) : 0..<columns
        for cell in span where cell < columns { grid[line][cell] = " " }
    }

    /// Writes text at the cursor: a wide character takes its first cell and moves the cursor
    /// two; a character of no width is skipped.
    private mutating func write(_ text: ArraySlice<UInt8>) {
        for character in String(decoding: text, as: UTF8.self) {
            let width = widths[character] ?? CharacterWidth.columns(of: character)
            widths[character] = width
            guard width > 0 else { continue }
            if (0..<lines).contains(row), (0..<columns).contains(column) { grid[row][column] = character }
            column += width
        }
    }

    private static func blankGrid(columns: Int, lines: Int) -> [[Character]] {
        Array(repeating: Array(repeating: " ", count: columns), count: lines)
    }
}
