/// The order in which ``MosaicImage`` tries a cell's patterns: every split of the cell's
/// pixels into two groups, once each, by flipping one pixel at a time.
///
/// A pattern and its complement (colours swapped) draw the same picture, so only patterns
/// that leave pixel 0 in the background are tried: 2ⁿ⁻¹ of them for n pixels (8 for
/// quadrants, 32 for sextants). They are visited in Gray-code order, where each pattern
/// differs from the one before in a single pixel, so the running colour sums of the
/// foreground change by one pixel a step instead of being summed again.
struct MosaicPatternSearch: Sendable {
    /// The pixel that joins or leaves the foreground at each step after the first pattern
    /// (the empty one, a uniform cell): the bit the Gray code flips.
    let flips: [Int]

    /// The search for cells of `pixelCount` pixels (at least 1).
    init(pixelCount: Int) {
        let patterns = 1 << (pixelCount - 1)
        // Gray code g(k) = k ^ (k >> 1) flips bit trailingZeroBitCount(k) going from k - 1
        // to k; shifted left by one so that pixel 0 is never flipped.
        flips = (1..<patterns).map { $0.trailingZeroBitCount + 1 }
    }

    static let quadrants = MosaicPatternSearch(pixelCount: MosaicSymbols.quadrants.pixelCount)
    static let sextants = MosaicPatternSearch(pixelCount: MosaicSymbols.sextants.pixelCount)
}
