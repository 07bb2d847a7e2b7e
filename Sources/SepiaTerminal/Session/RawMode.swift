import Foundation

/// The terminal settings of a full-screen program.
enum RawMode {
    /// `settings` made raw, as `cfmakeraw(3)` does: no echo, no line editing, no signals
    /// from Ctrl-C or Ctrl-Z (they arrive as bytes 3 and 26), no XON/XOFF flow control, no
    /// CR/NL translation on input or output, 8-bit characters. Reads return as soon as one
    /// byte is there (VMIN 1, VTIME 0).
    ///
    /// With output processing off, "\n" only moves down, so everything drawn must position
    /// the cursor itself (the frame renderer uses absolute moves).
    static func applied(to settings: termios) -> termios {
        var raw = settings
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }
}
