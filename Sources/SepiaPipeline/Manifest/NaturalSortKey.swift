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
        elements = Array(IteratorSequence(NaturalSortElements(text)))
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
}
