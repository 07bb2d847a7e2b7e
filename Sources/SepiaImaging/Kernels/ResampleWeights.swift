/// For each pixel along one axis of a resized image, which source pixels it is made of and
/// in what proportions.
///
/// Shrinking uses area averaging: an output pixel covers a span of the source, and each
/// source pixel counts in proportion to how much of that span it covers, so every source
/// pixel contributes and nothing aliases. Enlarging uses linear interpolation between the
/// two nearest source pixels (pixel centres aligned, edges clamped).
struct ResampleWeights: Sendable {
    /// Source pixels read per output pixel; unused ones have weight 0.
    let taps: Int
    /// The first source index of each output pixel; `firstSource[i] + taps <= source`.
    let firstSource: [Int]
    /// `taps` weights per output pixel, summing to 1.
    let weights: [Float]

    init(source: Int, target: Int) {
        precondition(source > 0 && target > 0, "sizes must be positive")
        let scale = Double(source) / Double(target)
        let taps = Self.taps(source: source, target: target)
        var firstSource = [Int](repeating: 0, count: target)
        var weights = [Float](repeating: 0, count: target * taps)
        for output in 0..<target {
            let contributions =
                target < source
                ? Self.covering(output, scale: scale, source: source)
                : Self.interpolating(output, scale: scale, source: source)
            let first = min(contributions[0].index, source - taps)
            firstSource[output] = first
            for (index, weight) in contributions {
                weights[output * taps + index - first] += weight
            }
        }
        self.taps = taps
        self.firstSource = firstSource
        self.weights = weights
    }

    /// The ``taps`` of a resize from `source` to `target` pixels: enough source pixels to cover
    /// an output pixel's span when shrinking, two when enlarging, never more than the source.
    static func taps(source: Int, target: Int) -> Int {
        let scale = Double(source) / Double(target)
        return min(target < source ? Int(scale.rounded(.up)) + 1 : 2, source)
    }

    /// Area averaging: the share of the output pixel's span that each source pixel covers.
    private static func covering(_ output: Int, scale: Double, source: Int) -> [(index: Int, weight: Float)] {
        let start = Double(output) * scale, end = min(start + scale, Double(source))
        return (Int(start)..<min(Int(end.rounded(.up)), source)).map { index in
            let covered = min(end, Double(index + 1)) - max(start, Double(index))
            return (index, Float(covered / scale))
        }
    }

    /// Linear interpolation between the two source pixels around the output pixel's centre.
    private static func interpolating(_ output: Int, scale: Double, source: Int) -> [(index: Int, weight: Float)] {
        let center = min(max((Double(output) + 0.5) * scale - 0.5, 0), Double(source - 1))
        let lower = Int(center)
        let fraction = Float(center - Double(lower))
        return lower + 1 < source ? [(lower, 1 - fraction), (lower + 1, fraction)] : [(lower, Float(1))]
    }
}
