extension CellStyle {
    /// Appends the SGR sequence that sets exactly this style from any other: it starts with
    /// 0 (reset) and then adds this style's attributes and colours (xterm ctlseqs,
    /// "Character Attributes"), e.g. ESC [ 0 ; 1 ; 38 ; 2 ; 255 ; 0 ; 0 m for bold red.
    func appendSelectGraphicRendition(colorMode: ColorMode, to bytes: inout [UInt8]) {
        bytes += [ControlSequence.escape, UInt8(ascii: "["), UInt8(ascii: "0")]
        for (isOn, code) in [(bold, 1), (dim, 2), (underline, 4), (inverse, 7)] where isOn {
            bytes.append(UInt8(ascii: ";"))
            bytes.appendDecimal(code)
        }
        Self.appendColor(foreground, layer: 38, colorMode: colorMode, to: &bytes)
        Self.appendColor(background, layer: 48, colorMode: colorMode, to: &bytes)
        bytes.append(UInt8(ascii: "m"))
    }

    /// Appends the SGR parameters for `color` as a foreground (`layer` 38) or background
    /// (48) colour, each after a ";"; nothing for the terminal's default, which the leading
    /// reset already selected.
    private static func appendColor(_ color: CellColor, layer: Int, colorMode: ColorMode, to bytes: inout [UInt8]) {
        let parameters: [Int]
        switch (color, colorMode) {
        case (.terminalDefault, _):
            return
        case (.indexed(let index), _):
            parameters = [layer, 5, Int(index)]
        case (.rgb(let rgb), .trueColor):
            parameters = [layer, 2, Int(rgb.red), Int(rgb.green), Int(rgb.blue)]
        case (.rgb(let rgb), .indexed256):
            parameters = [layer, 5, Int(XTermPalette.nearestIndex(to: rgb))]
        }
        for parameter in parameters {
            bytes.append(UInt8(ascii: ";"))
            bytes.appendDecimal(parameter)
        }
    }
}
