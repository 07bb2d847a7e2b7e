public import SepiaImaging

/// The questions that tell how a terminal can draw pictures, and what its answers mean.
///
/// Every query goes in one write, with a primary device-attributes request (DA1, `CSI c`)
/// last: every terminal answers DA1, and terminals answer in the order asked, so the DA1
/// answer says that whatever else was going to be answered has been (kitty's graphics protocol
/// docs, "Querying support and available transmission mediums"). The queries:
/// - kitty graphics `a=q` for a 1×1 RGB image sent directly (`t=d`), as image
///   `kittyImageID`, and again with `U=1` as image `kittyPlaceholderImageID`: a terminal
///   with the protocol answers `ESC _ G i=<id> ; OK ESC \`; kitty before 0.28 does not know
///   `U` and drops that query unanswered;
/// - XTVERSION, `CSI > 0 q`, the terminal's name and version;
/// - XTSMGRAPHICS, `CSI ? 1 ; 1 ; 0 S` for the sixel colour registers and
///   `CSI ? 2 ; 4 ; 0 S` for the largest sixel image;
/// - `CSI 14 t` and `CSI 16 t`, the text area and a cell in pixels (XTWINOPS);
/// - DA1, whose answer lists attribute 4 when the terminal draws sixel.
///
/// (xterm's "Control Sequences", ctlseqs, for everything but the kitty query.)
///
/// Inside tmux (`TMUX` is set) the write holds two groups, each ending with DA1. First, for
/// tmux itself, which draws the pane: XTSMGRAPHICS and DA1 (tmux built with sixel support
/// answers DA1 with attribute 4). Then, wrapped in tmux's passthrough for the terminal tmux
/// runs in, the kitty queries, XTVERSION, `CSI 14 t`, `CSI 16 t` and DA1. tmux answers its
/// group as soon as it reads it; the outer terminal's answers come after, so the first DA1
/// answer ends tmux's group. Those come only when `allow-passthrough` is on.
public struct TerminalProbe: Sendable, Equatable {
    /// How long `TerminalSession.probeCapabilities` waits for the answers, in all.
    public static let defaultTimeout = Duration.milliseconds(300)
    /// The image id of the kitty query without `U=1`.
    public static let kittyImageID: UInt32 = 31
    /// The image id of the kitty query with `U=1` (Unicode placeholders).
    public static let kittyPlaceholderImageID: UInt32 = 32

    /// The environment the program runs in: `TMUX`, `TERM_PROGRAM`, `LC_TERMINAL` matter.
    public var environment: [String: String]
    /// The terminal's size in cells, to divide a size in pixels by.
    public var grid: TerminalSize
    /// The text area in pixels as the `TIOCGWINSZ` ioctl gives it (`ws_xpixel`, `ws_ypixel`),
    /// or nil when it says 0.
    public var systemWindowPixels: PixelSize?

    /// A probe for a terminal of `grid` cells, in `environment`.
    public init(environment: [String: String], grid: TerminalSize, systemWindowPixels: PixelSize? = nil) {
        self.environment = environment
        self.grid = grid
        self.systemWindowPixels = systemWindowPixels
    }

    /// Whether the program runs inside tmux.
    public var insideTmux: Bool { environment["TMUX"] != nil }

    /// The bytes to write: every query, DA1 last (inside tmux, two groups; see the type).
    public var query: [UInt8] {
        let terminalQueries =
            Self.kittyQuery(id: Self.kittyImageID, placeholders: false)
            + Self.kittyQuery(id: Self.kittyPlaceholderImageID, placeholders: true)
            + Self.versionQuery + Self.windowPixelsQuery + Self.cellPixelsQuery
        guard insideTmux else { return terminalQueries + Self.sixelGraphicsQueries + Self.deviceAttributesQuery }
        return Self.sixelGraphicsQueries + Self.deviceAttributesQuery
            + TmuxPassthrough.wrap(terminalQueries + Self.deviceAttributesQuery)
    }

    /// How many DA1 answers end the probe: one, or two inside tmux (tmux's own, then the
    /// outer terminal's).
    public var expectedDeviceAttributes: Int { insideTmux ? 2 : 1 }

    /// `ESC _ G i=<id>,s=1,v=1,a=q,t=d,f=24[,U=1] ; AAAA ESC \`: may a 1×1 RGB image (three
    /// zero bytes, base64 `AAAA`) be loaded?
    static func kittyQuery(id: UInt32, placeholders: Bool) -> [UInt8] {
        let keys = "i=\(id),s=1,v=1,a=q,t=d,f=24" + (placeholders ? ",U=1" : "")
        return KittyGraphics.graphicsCommand(keys, payload: Array("AAAA".utf8)[...])
    }

    /// XTVERSION: `CSI > 0 q`.
    static let versionQuery = ControlSequence.csi(">0q")
    /// XTSMGRAPHICS: read the colour registers (`CSI ? 1 ; 1 ; 0 S`), then the maximum sixel
    /// geometry (`CSI ? 2 ; 4 ; 0 S`).
    static let sixelGraphicsQueries = ControlSequence.csi("?1;1;0S") + ControlSequence.csi("?2;4;0S")
    /// XTWINOPS 14: report the text area's size in pixels.
    static let windowPixelsQuery = ControlSequence.csi("14t")
    /// XTWINOPS 16: report a character cell's size in pixels.
    static let cellPixelsQuery = ControlSequence.csi("16t")
    /// DA1: `CSI c`.
    static let deviceAttributesQuery = ControlSequence.csi("c")
}
