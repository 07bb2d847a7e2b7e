/// What terminals answer to `TerminalProbe`'s query (outside tmux), written from the formats
/// their documentation and sources give (kitty's graphics protocol docs; xterm's ctlseqs for
/// DA1, XTVERSION, XTSMGRAPHICS and XTWINOPS), each in the order a terminal answers: kitty
/// query without `U=1`, with `U=1`, XTVERSION, `CSI 14 t`, `CSI 16 t`, XTSMGRAPHICS, DA1.
enum TerminalRecording {
    /// kitty 0.26.5 (Debian 12): answers the kitty query, drops the one with `U=1` (a key it
    /// does not know), no sixel.
    static let kitty026 =
        "\u{1B}_Gi=31;OK\u{1B}\\" + "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}[4;960;1280t" + "\u{1B}[6;20;10t" + "\u{1B}[?62;c"

    /// kitty 0.35.2: both kitty queries answered.
    static let kitty035 =
        "\u{1B}_Gi=31;OK\u{1B}\\" + "\u{1B}_Gi=32;OK\u{1B}\\" + "\u{1B}P>|kitty(0.35.2)\u{1B}\\" + "\u{1B}[4;1056;1848t"
        + "\u{1B}[6;22;11t" + "\u{1B}[?62;c"

    /// xterm 390 started as a VT340 (`xterm -ti vt340`): no kitty graphics, window operations
    /// off (xterm's default `allowWindowOps: false`), sixel in DA1 and XTSMGRAPHICS.
    static let xtermVT340 =
        "\u{1B}P>|XTerm(390)\u{1B}\\" + "\u{1B}[?1;0;1024S" + "\u{1B}[?2;0;1000;1000S" + "\u{1B}[?63;1;2;3;4;6;9;15;16;22;28;29c"

    /// foot 1.13.1: sixel, with its large limits.
    static let foot =
        "\u{1B}P>|foot(1.13.1)\u{1B}\\" + "\u{1B}[4;720;1200t" + "\u{1B}[6;18;10t" + "\u{1B}[?1;0;1024S" + "\u{1B}[?2;0;10000;10000S"
        + "\u{1B}[?62;4;22c"

    /// WezTerm: the kitty query without `U=1`, sixel in DA1, no XTSMGRAPHICS.
    static let wezTerm =
        "\u{1B}_Gi=31;OK\u{1B}\\" + "\u{1B}P>|WezTerm 20240203-110809-5046fc22\u{1B}\\" + "\u{1B}[4;1200;1600t" + "\u{1B}[6;25;12t"
        + "\u{1B}[?65;4;6;18;22c"

    /// A terminal that answers DA1 and nothing else (a VTE-based one, say).
    static let onlyDeviceAttributes = "\u{1B}[?65;1;9c"
}
