extension Array where Element == UInt8 {
    /// Appends the decimal digits of `value` (0 or more) as ASCII, with no allocation.
    mutating func appendDecimal(_ value: Int) {
        guard value >= 10 else {
            append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        appendDecimal(value / 10)
        append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
