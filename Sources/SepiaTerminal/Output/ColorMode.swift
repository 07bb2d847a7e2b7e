/// How many colours the terminal can show.
public enum ColorMode: Sendable, Hashable {
    /// 24-bit colour (SGR 38;2;r;g;b).
    case trueColor
    /// The xterm 256-colour palette (SGR 38;5;n); 24-bit colours are mapped to the nearest
    /// entry.
    case indexed256

    /// Guesses from the environment: `COLORTERM` of `truecolor` or `24bit`, or a `TERM` that
    /// mentions `direct` (as in `xterm-direct`) or `kitty`, mean true colour; anything else
    /// gets the 256-colour palette, which practically every terminal has.
    public static func detect(environment: [String: String]) -> ColorMode {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        let term = environment["TERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.contains("direct") || term.contains("kitty") {
            return .trueColor
        }
        return .indexed256
    }
}
