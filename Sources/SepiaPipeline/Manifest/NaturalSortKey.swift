/// A sort key that orders text the way people read it: case-insensitively, with runs of digits
/// compared as numbers, so "photo 2" comes before "Photo 10".
///
/// A run of digits sorts where its first digit would among other characters (after white space
/// and most punctuation, before letters). Other characters compare by their lowercased Unicode
/// scalars, with no locale rules. Two texts that are equal that way ("Photo 01" and "photo 1")
/// are ordered by their exact text, so the order is total and the same on every run.
/// Make each key once and sort by it: building keys inside a comparison closure works, but
/// builds two keys per comparison.
public struct NaturalSortKey: Comparable, Sendable {
    /// The text this key orders.
    public let text: String
    /// `text` as numbers that compare lexicographically: each lowercased scalar's value, and for
    /// each run of ASCII digits the value of "0", then the count of its significant digits
    /// (those after leading zeros), then those digits.
    private let elements: [UInt32]

    /// Makes the key for `text`.
    public init(_ text: String) {
        self.text = text
        var elements: [UInt32] = []
        elements.reserveCapacity(text.utf8.count + 2)
        var digits: [UInt32] = []
        var inDigitRun = false
        for scalar in text.lowercased().unicodeScalars {
            if Self.digitRange.contains(scalar.value) {
                inDigitRun = true
                if !(digits.isEmpty && scalar.value == Self.zero) {
                    digits.append(scalar.value - Self.zero)
                }
            } else {
                if inDigitRun {
                    Self.appendNumber(digits, to: &elements)
                    digits.removeAll(keepingCapacity: true)
                    inDigitRun = false
                }
                elements.append(scalar.value)
            }
        }
        if inDigitRun {
            Self.appendNumber(digits, to: &elements)
        }
        self.elements = elements
    }

    /// Whether `lhs` sorts before `rhs`: natural order first, exact text on a tie.
    public static func < (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        for (left, right) in zip(lhs.elements, rhs.elements) where left != right {
            return left < right
        }
        if lhs.elements.count != rhs.elements.count {
            return lhs.elements.count < rhs.elements.count
        }
        return lhs.text < rhs.text
    }

    /// Whether both keys order the same text.
    public static func == (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
        lhs.text == rhs.text
    }

    private static let zero = UInt32(UInt8(ascii: "0"))
    private static let digitRange = zero...UInt32(UInt8(ascii: "9"))

    private static func appendNumber(_ significantDigits: [UInt32], to elements: inout [UInt32]) {
        elements.append(zero)
        elements.append(UInt32(significantDigits.count))
        elements.append(contentsOf: significantDigits)
    }
}
