/// BlurHash's digits: 83 printable ASCII characters, most significant digit first.
enum Base83 {
    /// The alphabet, in digit order.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// Each ASCII byte's digit, or -1.
    private static let digits: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (digit, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(digit) }
        return table
    }()

    /// The digit of `byte`, or nil when it is not in the alphabet.
    static func digit(_ byte: UInt8) -> Int? {
        guard byte < 128 else { return nil }
        let digit = digits[Int(byte)]
        return digit < 0 ? nil : Int(digit)
    }

    /// `value` written in `length` digits (its high digits dropped if it needs more).
    static func encode(_ value: Int, length: Int) -> [UInt8] {
        var digits = [UInt8](repeating: alphabet[0], count: length)
        var rest = value
        for index in stride(from: length - 1, through: 0, by: -1) {
            digits[index] = alphabet[rest % 83]
            rest /= 83
        }
        return digits
    }
}
