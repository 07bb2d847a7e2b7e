public import SepiaImaging

/// Encodes pictures as sixel graphics (DEC's VT330/VT340 programmer reference), for terminals
/// that draw them: xterm as a VT340, foot, mlterm, WezTerm, Konsole, Windows Terminal.
///
/// A picture with no more colours than the terminal has registers keeps its own; any other is
/// quantised per picture, by median cut over a 32 × 32 × 32 histogram, and drawn with
/// Floyd–Steinberg error diffusion (`SixelDithering`); k-means passes after the cut cost time
/// for no visible gain (`sepia-bench sixel` compares them). Pixels whose alpha is
/// below 128 are left unpainted, so the terminal's background shows through. A pure function
/// of its inputs: call it on any thread.
public enum SixelEncoder {
    /// The colour registers of a VT340-compatible terminal that does not say otherwise
    /// (xterm's default; XTSMGRAPHICS reports the real number).
    public static let defaultColorRegisters = 256

    /// Pixels with an alpha below this are transparent.
    static let opaqueAlpha: UInt8 = 128

    /// The most colour registers a picture uses: xterm's own limit (its `numColorRegisters`
    /// resource stops at 1,024). A terminal reporting more (or a bad reply) is held to it, which
    /// also bounds the writer's buffer (palette size × width bytes).
    public static let mostColorRegisters = 1024

    /// The sixel DCS string that draws `image` at its size in pixels (the caller scales it to
    /// the cells it covers), with at most `colorRegisters` colour registers, held to
    /// 1...`mostColorRegisters` (a terminal's report is passed on as it came).
    public static func encode(
        _ image: RGBAImage, colorRegisters: Int = defaultColorRegisters, dithering: SixelDithering = .floydSteinberg
    ) -> [UInt8] {
        let colorRegisters = min(max(colorRegisters, 1), mostColorRegisters)
        if let exact = ExactPalette.indexed(image, maximumCount: colorRegisters) { return SixelWriter.bytes(for: exact) }
        let palette = MedianCutPalette.colors(for: ColorHistogram(image), count: colorRegisters).map(SixelColor.representable)
        return SixelWriter.bytes(for: ErrorDiffusion.indexed(image, palette: palette, diffusesError: dithering == .floydSteinberg))
    }
}
