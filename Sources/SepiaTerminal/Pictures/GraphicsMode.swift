/// How pictures are drawn; the values of `--graphics`.
public enum GraphicsMode: String, Sendable, CaseIterable {
    /// Decide by probing the terminal; see `GraphicsChoice.choose(asked:capabilities:)`.
    case auto
    /// Real pixels through the kitty graphics protocol, placed directly at a cell (kitty,
    /// also before 0.28, WezTerm, Konsole).
    case kitty
    /// Real pixels through the kitty graphics protocol, shown by Unicode placeholder cells
    /// (kitty 0.28 or later; they survive tmux with `allow-passthrough on`).
    case kittyPlaceholders = "kitty-placeholders"
    /// Real pixels as DEC sixel graphics (xterm as a VT340, foot, mlterm, WezTerm, Konsole…).
    case sixel
    /// Real pixels as iTerm2 inline images, OSC 1337 (iTerm2, WezTerm, mintty).
    case iterm
    /// Cell mosaics (quadrant or sextant characters, see `MosaicImage`) in 24-bit or 256
    /// colours.
    case blocks
    /// No pictures.
    case none
}
