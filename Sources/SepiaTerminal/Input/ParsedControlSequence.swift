/// A complete CSI sequence (ESC [ …), split into its parts (ECMA-48 section 5.4).
struct ParsedControlSequence {
    /// The private marker `<`, `=`, `>` or `?` that starts some sequences, if any.
    let marker: UInt8?
    /// The numeric parameters, split on ";". An empty parameter is 0; sub-parameters after
    /// ":" are ignored; values stop growing at 65535.
    let parameters: [Int]
    /// True when bytes 0x20–0x2F came between the parameters and the final byte.
    let hasIntermediates: Bool
    /// The final byte, 0x40–0x7E.
    let final: UInt8

    /// Parses `body`, the bytes between ESC [ and `final`.
    init(body: ArraySlice<UInt8>, final: UInt8) {
        var parameterBytes = body
        if let first = body.first, (0x3C...0x3F).contains(first) {
            marker = first
            parameterBytes = body.dropFirst()
        } else {
            marker = nil
        }
        hasIntermediates = parameterBytes.contains { (0x20...0x2F).contains($0) }
        parameters =
            parameterBytes
            .prefix { (0x30...0x3F).contains($0) }
            .split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map(Self.number)
        self.final = final
    }

    /// The leading decimal digits of `field`, at most 65535.
    private static func number(_ field: ArraySlice<UInt8>) -> Int {
        field.prefix { (0x30...0x39).contains($0) }.reduce(0) { value, digit in
            min(value * 10 + Int(digit - 0x30), 65535)
        }
    }
}
