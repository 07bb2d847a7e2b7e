extension ParsedControlSequence {
    /// What the sequence means as input: a key (modifier parameters such as the 5 in
    /// ESC [ 1 ; 5 A are ignored), an SGR mouse report, or nothing for sequences Sepia does
    /// not know. Key codes from xterm's ctlseqs ("PC-Style Function Keys") and the VT220
    /// and rxvt variants of Home and End.
    var events: [InputEvent] {
        if marker == UInt8(ascii: "<") {
            return MouseEvent(sgrParameters: parameters, final: final).map { [.mouse($0)] } ?? []
        }
        guard marker == nil, !hasIntermediates else { return [] }
        let key = final == UInt8(ascii: "~") ? Self.tildeKey(code: parameters.first ?? 0) : Self.letterKey(final: final)
        return key.map { [.key($0)] } ?? []
    }

    /// Keys whose CSI or SS3 sequence ends in a letter: arrows, Home, End, F1–F4.
    static func letterKey(final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
        default: return nil
        }
    }

    /// Keys sent as ESC [ code ~.
    private static func tildeKey(code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }
}
