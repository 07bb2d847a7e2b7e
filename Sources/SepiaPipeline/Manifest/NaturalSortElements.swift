/// The elements of a text's ``NaturalSortKey``, made one at a time, so that two texts can be
/// compared in natural order without building either key (a manifest of a million entries would
/// hold a hundred megabytes of keys while it sorts).
///
/// The elements: each lowercased scalar's value, and for each run of ASCII digits the value of
/// "0", then the count of its significant digits (those after leading zeros), then those digits.
struct NaturalSortElements: IteratorProtocol {
    private let scalars: String.UnicodeScalarView
    private var index: String.UnicodeScalarView.Index
    /// The rest of a non-ASCII scalar's lowercase mapping, last first.
    private var lowered: [UInt32] = []
    /// The significant-digit count of the run just begun, due after its "0".
    private var runCount: UInt32?
    /// The significant digits of the current run still to come.
    private var runDigits: Range<String.UnicodeScalarView.Index>?

    static let zero = UInt32(UInt8(ascii: "0"))

    init(_ text: String) {
        scalars = text.unicodeScalars
        index = scalars.startIndex
    }

    mutating func next() -> UInt32? {
        if let count = runCount {
            runCount = nil
            return count
        }
        if let digits = runDigits {
            if digits.isEmpty {
                runDigits = nil
            } else {
                runDigits = scalars.index(after: digits.lowerBound)..<digits.upperBound
                return scalars[digits.lowerBound].value - Self.zero
            }
        }
        if let scalar = lowered.popLast() { return scalar }
        guard index < scalars.endIndex else { return nil }
        let scalar = scalars[index]
        if Self.isDigit(scalar) {
            beginDigitRun()
            return Self.zero
        }
        index = scalars.index(after: index)
        if scalar.isASCII {
            let value = scalar.value
            return (0x41...0x5A).contains(value) ? value + 0x20 : value
        }
        // As `String.lowercased()` does, scalar by scalar.
        var mapping = scalar.properties.lowercaseMapping.unicodeScalars.map(\.value)
        let first = mapping.removeFirst()
        lowered = mapping.reversed()
        return first
    }

    /// Notes the run of digits at `index` (its significant digits and their count) and moves past it.
    private mutating func beginDigitRun() {
        var significantStart: String.UnicodeScalarView.Index?
        var count: UInt32 = 0
        var position = index
        while position < scalars.endIndex, Self.isDigit(scalars[position]) {
            if significantStart == nil, scalars[position].value != Self.zero { significantStart = position }
            if significantStart != nil { count += 1 }
            position = scalars.index(after: position)
        }
        runCount = count
        runDigits = (significantStart ?? position)..<position
        index = position
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value)
    }
}

extension NaturalSortKey {
    /// Whether `left` sorts before `right` in natural order: the same answer as
    /// `NaturalSortKey(left) < NaturalSortKey(right)`, without building the keys.
    static func orders(_ left: String, before right: String) -> Bool {
        var leftElements = NaturalSortElements(left)
        var rightElements = NaturalSortElements(right)
        while true {
            switch (leftElements.next(), rightElements.next()) {
            case (nil, nil): return left < right
            case (nil, _): return true
            case (_, nil): return false
            case let (leftElement?, rightElement?):
                if leftElement != rightElement { return leftElement < rightElement }
            }
        }
    }
}
