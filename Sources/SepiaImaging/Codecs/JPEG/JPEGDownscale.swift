/// Chooses libjpeg's DCT-domain scaling for a JPEG that will be fitted into a box.
///
/// libjpeg-turbo can decode straight to 1/2, 1/4 or 1/8 of the stored size (rounded up) for a
/// fraction of the cost of a full decode. Going further than the final size would lose detail
/// that the later, better resize needs, so the reduction stops before the output gets smaller
/// than the aspect-fit size.
enum JPEGDownscale {
    /// The reductions libjpeg offers for 1/d scaling, strongest first.
    static let denominators = [8, 4, 2]

    /// The largest d in 8, 4, 2 (else 1) such that ceil(width / d) × ceil(height / d) still
    /// covers the image fitted into `target` (aspect fit, never enlarged).
    static func denominator(width: Int, height: Int, fitting target: PixelSize) -> Int {
        // Aspect fit scales by s = min(tw / w, th / h, 1). With m = min(tw·h, th·w, w·h), the
        // fitted size is (m / h) × (m / w), so "ceil(w / d) ≥ w·s and ceil(h / d) ≥ h·s"
        // become the integer tests below. Clamping the box to the image keeps the products small.
        let boxWidth = min(target.width, width)
        let boxHeight = min(target.height, height)
        let fitted = min(boxWidth * height, boxHeight * width)
        for denominator in denominators
        where ceilingDivision(width, denominator) * height >= fitted
            && ceilingDivision(height, denominator) * width >= fitted
        {
            return denominator
        }
        return 1
    }

    private static func ceilingDivision(_ value: Int, _ divisor: Int) -> Int {
        (value + divisor - 1) / divisor
    }
}
