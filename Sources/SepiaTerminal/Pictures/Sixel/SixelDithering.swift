/// How `SixelEncoder` spreads the error of a reduced palette.
public enum SixelDithering: Sendable, CaseIterable {
    /// Each pixel takes its nearest palette colour: flat areas stay clean, smooth gradients
    /// show bands.
    case none
    /// Floyd–Steinberg error diffusion on serpentine rows: gradients without bands, at the
    /// cost of fine noise.
    case floydSteinberg
}
