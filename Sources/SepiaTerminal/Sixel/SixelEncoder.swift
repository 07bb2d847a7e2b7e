import SepiaImaging

/// Encodes pictures as sixel graphics (DEC's VT330/VT340 programmer reference), for terminals
/// that draw them: xterm as a VT340, foot, mlterm, WezTerm, Konsole, Windows Terminal.
///
/// A picture with no more colours than the terminal has registers keeps its own; any other is
/// quantised per picture: median cut over a 32 × 32 × 32 histogram, refined by k-means passes,
/// then drawn with Floyd–Steinberg error diffusion (`SixelDithering`). Pixels whose alpha is
/// below 128 are left unpainted, so the terminal's background shows through. A pure function
/// of its inputs: call it on any thread.
public enum SixelEncoder {
    /// The colour registers of a VT340-compatible terminal that does not say otherwise
    /// (xterm's default; XTSMGRAPHICS reports the real number).
    public static let defaultColorRegisters = 256

    /// Pixels with an alpha below this are transparent.
    static let opaqueAlpha: UInt8 = 128

    /// The k-means passes after median cut (`sepia-bench sixel` compares 0, 1, 2 and 4).
    package static let defaultRefinementPasses = 2

    /// The sixel DCS string that draws `image` at its size in pixels (the caller scales it to
    /// the cells it covers), with at most `colorRegisters` colour registers.
    /// - Precondition: `colorRegisters` is between 1 and 65,535.
    public static func encode(
        _ image: RGBAImage, colorRegisters: Int = defaultColorRegisters, dithering: SixelDithering = .floydSteinberg
    ) -> [UInt8] {
        encode(image, colorRegisters: colorRegisters, dithering: dithering, refinementPasses: defaultRefinementPasses)
    }

    /// `encode(_:colorRegisters:dithering:)` with `refinementPasses` k-means passes, for the
    /// benchmark that chose the default.
    package static func encode(_ image: RGBAImage, colorRegisters: Int, dithering: SixelDithering, refinementPasses: Int) -> [UInt8] {
        precondition((1...Int(UInt16.max)).contains(colorRegisters), "a sixel picture needs 1 to 65,535 colour registers")
        if let exact = ExactPalette.indexed(image, maximumCount: colorRegisters) { return SixelWriter.bytes(for: exact) }
        let histogram = ColorHistogram(image)
        let cut = MedianCutPalette.colors(for: histogram, count: colorRegisters)
        let palette = KMeansRefinement.refine(cut, over: histogram, passes: refinementPasses).map(SixelColor.representable)
        return SixelWriter.bytes(for: ErrorDiffusion.indexed(image, palette: palette, diffusesError: dithering == .floydSteinberg))
    }
}
