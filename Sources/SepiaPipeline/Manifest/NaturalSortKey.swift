/// A sort key that orders text the way people read it: case-insensitively, with runs of digits
/// compared as numbers, so "photo 2" comes before "Photo 10".
///
/// Digit runs sort before letters. Two strings that compare equal that way ("Photo 01" and
/// "photo 1") are ordered by their exact text, so the order is total and the same on every run.
/// Make the keys once and sort by them: `names.sorted { NaturalSortKey($0) < NaturalSortKey($1) }`
/// works too, but builds two keys per comparison.
public struct NaturalSortKey: Comparable, Sendable {
    /// The text this key orders.
    public let text: String
    private let chunks: [Chunk]

    /// A run of digits or of other characters.
    private enum Chunk: Comparable {
        /// A run of ASCII digits as a number: its significant digits, without leading zeros
        /// ("" for zero), which compare by count first and then digit by digit.
        case number(Substring)
        /// A run of other characters, lowercased.
        case text(String)

        static func < (lhs: Chunk, rhs: Chunk) -> Bool {
            switch (lhs, rhs) {
            case let (.number(left), .number(right)):
                left.count != right.count ? left.count < right.count : left < right
            case (.number, .text):
                true
            case (.text, .number):
                false
            case let (.text(left), .text(right)):
                left < right
            }
        }
    }

    /// Makes the key for `text`.
    public init(_ text: String) {
        self.text = text
        var chunks: [Chunk] = []
        var rest = Substring(text)
        while let first = rest.first {
            let isDigitRun = Self.isDigit(first)
            let run = rest.prefix { Self.isDigit($0) == isDigitRun }
            rest = rest[run.endIndex...]
            chunks.append(isDigitRun ? .number(run.drop { $0 == "0" }) : .text(run.lowercased()))
        }
        self.chunks = chunks
    }

    /// Whether `lhs` sorts before `rhs`: natural order first, exact text on a tie.
    public static func < (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        for (left, right) in zip(lhs.chunks, rhs.chunks) where left != right {
            return left < right
        }
        if lhs.chunks.count != rhs.chunks.count {
            return lhs.chunks.count < rhs.chunks.count
        }
        return lhs.text < rhs.text
    }

    /// Whether both keys order the same text.
    public static func == (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        lhs.text == rhs.text
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }
}
