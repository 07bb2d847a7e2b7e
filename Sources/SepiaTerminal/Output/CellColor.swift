/// The colour of a cell's text or background.
public enum CellColor: Sendable, Hashable {
    /// Whatever the user's terminal theme uses.
    case terminalDefault
    /// A 24-bit colour (mapped to the nearest palette entry when the terminal has only 256).
    case rgb(RGB)
    /// An entry of the terminal's 256-colour palette.
    case indexed(UInt8)
}
