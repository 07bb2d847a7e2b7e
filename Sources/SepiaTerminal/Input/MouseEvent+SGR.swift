extension MouseEvent {
    /// Decodes an SGR mouse report, ESC [ < button ; column ; row M (press or motion) or
    /// m (release), as xterm's ctlseqs describes it ("Extended coordinates", mode 1006).
    ///
    /// In `button`, the low two bits are the button, 4 is Shift, 8 Alt, 16 Ctrl, 32 marks
    /// motion, 64 the wheel (64 up, 65 down) and 128 the extra buttons 8–11. Columns and
    /// rows arrive 1-based. Returns nil for reports Sepia does not use (the horizontal wheel)
    /// or that do not have three parameters.
    init?(sgrParameters parameters: [Int], final: UInt8) {
        guard parameters.count == 3, final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let code = parameters[0]
        let lowBits = code & 3
        let kind: Kind
        if code & 64 != 0 {
            switch lowBits {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil
            }
        } else {
            let button = lowBits + (code & 128 != 0 ? 8 : 0)
            if code & 32 != 0 {
                kind = lowBits == 3 && code & 128 == 0 ? .move : .drag(button: button)
            } else {
                kind = final == UInt8(ascii: "M") ? .press(button: button) : .release(button: button)
            }
        }
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        self.init(kind: kind, column: max(parameters[1] - 1, 0), row: max(parameters[2] - 1, 0), modifiers: modifiers)
    }
}
