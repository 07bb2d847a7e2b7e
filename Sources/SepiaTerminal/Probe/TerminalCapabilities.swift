public import SepiaImaging

/// What a terminal said about itself when probed (see `TerminalProbe`): the picture
/// protocols it speaks and the sizes pictures are drawn at.
public struct TerminalCapabilities: Sendable, Equatable {
    /// Where the size of a character cell in pixels came from.
    public enum CellPixelsSource: String, Sendable, Equatable {
        /// The terminal's answer to `CSI 16 t`.
        case cellSizeReport
        /// The terminal's answer to `CSI 14 t` (the text area in pixels), divided by the
        /// grid of cells.
        case windowSizeReport
        /// `ws_xpixel` and `ws_ypixel` of the `TIOCGWINSZ` ioctl, divided by the grid.
        case systemWindowSize
        /// Nothing told: `TerminalCapabilities.fallbackCellPixels`.
        case fallback
    }

    /// Why the terminal is taken to show iTerm2 inline images (OSC 1337).
    public enum InlineImagesEvidence: Sendable, Equatable, CustomStringConvertible {
        /// XTVERSION named iTerm2, WezTerm or mintty.
        case versionReport(TerminalIdentity)
        /// An environment variable named one of them.
        case environment(variable: String, value: String)

        /// "WezTerm 20240203-110809-5046fc22", "TERM_PROGRAM=iTerm.app".
        public var description: String {
            switch self {
            case .versionReport(let identity): identity.description
            case .environment(let variable, let value): "\(variable)=\(value)"
            }
        }
    }

    /// The cell size assumed when the terminal does not tell: 10 × 20 pixels.
    public static let fallbackCellPixels = PixelSize(width: 10, height: 20)

    /// The most pixels a cell side may have: no real font is that large, and pictures are sized
    /// by the cell (a terminal answering 5000 × 5000 would ask for gigabyte thumbnails).
    public static let largestCellSide = 512

    /// `cell` when each side is 1…`largestCellSide` pixels, nil otherwise.
    public static func plausibleCell(_ cell: PixelSize) -> PixelSize? {
        let sides = 1...largestCellSide
        return sides.contains(cell.width) && sides.contains(cell.height) ? cell : nil
    }

    /// The cell of a `window` of pixels holding `grid` cells (rounded down: xterm's window
    /// includes its border), or nil when it is not plausible (see `plausibleCell(_:)`).
    public static func cell(ofWindow window: PixelSize, grid: TerminalSize) -> PixelSize? {
        guard grid.columns > 0, grid.rows > 0 else { return nil }
        return plausibleCell(PixelSize(width: window.width / grid.columns, height: window.height / grid.rows))
    }

    /// The kitty graphics protocol answered `OK` to a query without `U=1` (kitty, WezTerm,
    /// Konsole…): images can be placed directly at a cell.
    public var kittyGraphics = false
    /// The kitty graphics protocol answered `OK` to a query with `U=1`: Unicode placeholders
    /// work (kitty 0.28 or later; older kitty ignores a query with a key it does not know).
    public var kittyPlaceholders = false
    /// DA1 listed attribute 4, sixel graphics. Inside tmux, tmux's own answer: tmux built
    /// with sixel support draws sixel images in its panes itself.
    public var sixel = false
    /// The colour registers a sixel image may use (XTSMGRAPHICS, item 1), when answered.
    public var sixelColorRegisters: Int?
    /// The largest sixel image (XTSMGRAPHICS, item 2, maximum), when answered.
    public var largestSixel: PixelSize?
    /// The terminal's name and version (XTVERSION), when answered; inside tmux, the outer
    /// terminal's, asked through passthrough.
    public var terminal: TerminalIdentity?
    /// The text area in pixels (`CSI 14 t`), when answered.
    public var windowPixels: PixelSize?
    /// A character cell in pixels; `cellPixelsSource` says where it came from.
    public var cellPixels = fallbackCellPixels
    /// Where `cellPixels` came from.
    public var cellPixelsSource = CellPixelsSource.fallback
    /// Running inside tmux (`TMUX` is set).
    public var insideTmux = false
    /// Inside tmux, the outer terminal answered queries sent through tmux's passthrough, so
    /// `allow-passthrough` is on.
    public var tmuxPassthrough = false
    /// Why the terminal is taken to show iTerm2 inline images; nil when it is not.
    public var inlineImages: InlineImagesEvidence?

    /// Capabilities with every protocol off and the fallback cell size; set what is known.
    public init() {}

    /// The terminal shows iTerm2 inline images (OSC 1337).
    public var itermImages: Bool { inlineImages != nil }
}
