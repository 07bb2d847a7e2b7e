/// A 3×3 matrix that maps a pixel's (red, green, blue) to new values; alpha is left alone.
///
/// Sepia and grayscale are both colour matrices, so one kernel (``RGBAImage/applying(_:parallel:)``)
/// serves them. Each output channel is `min(round(row · (r, g, b)), 255)`, with a single
/// clamp at the end. The sum is taken in single precision and rounded to the nearest
/// integer, so it matches the exact result except within about 10⁻⁴ of a half level, where
/// float rounding decides.
public struct ColorMatrix: Sendable, Equatable {
    /// Row-major coefficients: `[rr, rg, rb, gr, gg, gb, br, bg, bb]`.
    public let coefficients: [Float]

    /// Makes a matrix from nine row-major coefficients.
    /// - Precondition: exactly nine coefficients, each finite and non-negative (which keeps
    ///   every output at or above zero, as the kernel's rounding requires).
    public init(_ coefficients: [Float]) {
        precondition(coefficients.count == 9, "a colour matrix has nine coefficients")
        precondition(coefficients.allSatisfy { $0.isFinite && $0 >= 0 }, "coefficients must be finite and non-negative")
        self.coefficients = coefficients
    }

    /// The identity: every pixel stays as it is.
    public static let identity = ColorMatrix([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The full sepia tone of the W3C Filter Effects `sepia()` function.
    ///
    /// Reference: W3C Filter Effects Module Level 1, §"sepia" (the matrix of the
    /// `feColorMatrix` equivalent).
    public static let fullSepia = ColorMatrix([
        0.393, 0.769, 0.189,
        0.349, 0.686, 0.168,
        0.272, 0.534, 0.131,
    ])

    /// Grayscale with the Rec. 601 luma weights (0.299, 0.587, 0.114) in all three channels.
    public static let grayscale = ColorMatrix([
        0.299, 0.587, 0.114,
        0.299, 0.587, 0.114,
        0.299, 0.587, 0.114,
    ])

    /// Sepia at an intensity between 0 (no change) and 1 (full sepia):
    /// `intensity · S + (1 − intensity) · I`, as W3C's `sepia(amount)` defines it.
    ///
    /// Core Image's `CISepiaTone` formula is not published; this is the documented one.
    /// Intensities outside 0...1 are clamped into it. At the default 0.8, a grey of
    /// (200, 200, 200) becomes (255, 232, 190).
    public static func sepia(intensity: Float = 0.8) -> ColorMatrix {
        fullSepia.blended(toward: .identity, keeping: intensity)
    }

    /// `amount · self + (1 − amount) · other`, with `amount` clamped to 0...1.
    public func blended(toward other: ColorMatrix, keeping amount: Float) -> ColorMatrix {
        let weight = min(max(amount.isNaN ? 0 : amount, 0), 1)
        return ColorMatrix(zip(coefficients, other.coefficients).map { weight * $0 + (1 - weight) * $1 })
    }
}
