public import SepiaImaging

/// One answer a terminal sent to a query of `TerminalProbe`, as `TerminalAnswerParser` reads
/// it from the input.
public enum TerminalAnswer: Sendable, Equatable {
    /// A kitty graphics answer, `ESC _ G i=<id> ; <message> ESC \`: `message` is `OK` or an
    /// error such as `EINVAL:…` (kitty's graphics protocol docs, "Querying support and
    /// available transmission mediums").
    case kittyGraphics(imageID: UInt32, message: String)
    /// A primary device-attributes answer (DA1), `CSI ? Ps ; … c`, with its parameters: the
    /// first names the device class, the others its attributes (xterm's ctlseqs, "Send Device
    /// Attributes (Primary DA)"; 4 means sixel graphics).
    case deviceAttributes([Int])
    /// An XTSMGRAPHICS answer, `CSI ? Pi ; Ps ; Pv S`: `item` 1 for the colour registers, 2 for
    /// the sixel geometry; `status` 0 for success; `values` the number of registers, or the
    /// width and height (xterm's ctlseqs, "Set or request graphics attribute").
    case graphicsAttribute(item: Int, status: Int, values: [Int])
    /// An XTVERSION answer, `DCS > | text ST`: the terminal's name and version as one text,
    /// as in `xterm(390)` or `WezTerm 20240203-110809-5046fc22` (xterm's ctlseqs, "Report
    /// xterm name and version (XTVERSION)").
    case version(String)
    /// The text area's size in pixels, `CSI 4 ; height ; width t`, the answer to `CSI 14 t`
    /// (xterm's ctlseqs, "Window manipulation (XTWINOPS)").
    case windowPixels(PixelSize)
    /// A character cell's size in pixels, `CSI 6 ; height ; width t`, the answer to
    /// `CSI 16 t` (xterm's ctlseqs, "Window manipulation (XTWINOPS)").
    case cellPixels(PixelSize)

    /// Whether this is a DA1 answer, which ends a group of queries.
    public var isDeviceAttributes: Bool {
        if case .deviceAttributes = self { return true }
        return false
    }
}
