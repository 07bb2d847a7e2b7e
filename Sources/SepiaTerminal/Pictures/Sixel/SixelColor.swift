/// Sixel colour registers hold each channel in percent (VT330/VT340 programmer reference,
/// "Color Introducer": `#Pc;2;Pr;Pg;Pb`, RGB in 0–100), so only 101 of the 256 levels of a
/// channel survive the trip through a register.
enum SixelColor {
    /// `level` (0–255) in percent, rounded to nearest.
    static func percent(_ level: Int) -> Int {
        (level * 100 + 127) / 255
    }

    /// The level (0–255) a terminal gives `percent` back as, rounded to nearest.
    static func level(_ percent: Int) -> Int {
        (percent * 255 + 50) / 100
    }

    /// `color` as the terminal shows it once it went through a register: each channel rounded
    /// to percent and back. Quantisation and dithering measure their error against this colour,
    /// so it is the colour they pick.
    static func representable(_ color: RGB) -> RGB {
        func round(_ channel: UInt8) -> UInt8 { UInt8(level(percent(Int(channel)))) }
        return RGB(round(color.red), round(color.green), round(color.blue))
    }
}
