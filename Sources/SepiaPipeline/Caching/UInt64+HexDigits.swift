extension UInt64 {
    /// The value as 16 lowercase hexadecimal digits, leading zeros included.
    var hexDigits: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
