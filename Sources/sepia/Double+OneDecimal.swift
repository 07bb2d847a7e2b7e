extension Double {
    /// The value with one decimal ("12.3"), rounded to the nearest tenth (ties to even), as
    /// `String(format: "%.1f", value)` writes it for the report's and the self-check's figures, without
    /// `String(format:)`: its `CVarArg` casts each make the runtime scan every protocol
    /// conformance of the binary once per run (TRAPS.md, "Start-up").
    var oneDecimal: String {
        guard isFinite else { return description }
        let tenths = (self * 10).rounded(.toNearestOrEven)
        let magnitude = Int(tenths.magnitude)
        let text = "\(magnitude / 10).\(magnitude % 10)"
        return tenths.sign == .minus ? "-" + text : text
    }
}
