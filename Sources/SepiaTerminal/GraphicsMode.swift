/// How pictures are drawn.
public enum GraphicsMode: String, Sendable, CaseIterable {
    /// Decide from the environment; see `resolved(environment:)`.
    case auto
    /// Real pixels through the kitty graphics protocol with Unicode placeholders.
    case kitty
    /// Cell mosaics (quadrant or sextant characters, see `MosaicImage`) in 24-bit or 256
    /// colours.
    case blocks
    /// No pictures.
    case none

    /// The mode to use: `auto` becomes `kitty` in kitty (`TERM` is `xterm-kitty` or
    /// `KITTY_WINDOW_ID` is set) unless inside tmux (`TMUX` is set; tmux drops graphics
    /// sequences unless `allow-passthrough` is on), and `blocks` otherwise. Other modes stay
    /// as they are.
    public func resolved(environment: [String: String]) -> GraphicsMode {
        guard self == .auto else { return self }
        if environment["TMUX"] != nil { return .blocks }
        if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
        return .blocks
    }
}
