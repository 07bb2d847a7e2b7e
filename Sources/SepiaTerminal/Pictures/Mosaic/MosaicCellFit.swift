/// The two-colour pattern that best reproduces one cell's pixels: of all the ways to split
/// them into a foreground and a background group, the one whose group means leave the least
/// squared error (chafa's approach to symbol mosaics).
///
/// For a split, the error is Σ|p|² − |F|²/f − |B|²/b, where F and B are the colour sums of
/// the f foreground and b background pixels; Σ|p|² is the same for every split, so the best
/// split has the largest |F|²/f + |B|²/b. That score is compared as an exact fraction in
/// integers, so equal splits always resolve the same way (the earliest tried wins).
struct MosaicCellFit: Equatable {
    /// The pattern's bit mask (a set bit is a foreground pixel); bit 0 is always clear.
    var pattern: Int
    /// The mean of the foreground pixels (the background's when the pattern is empty).
    var foreground: RGB
    /// The mean of the background pixels.
    var background: RGB

    /// The best fit for the pixels in `block`: red, green and blue of pixel 0, then of pixel 1,
    /// …, `search`'s pixel count of them, each channel 0–255.
    static func best(for block: UnsafeMutableBufferPointer<Int>, search: MosaicPatternSearch) -> MosaicCellFit {
        let count = block.count / 3
        var (totalRed, totalGreen, totalBlue) = (0, 0, 0)
        for pixel in 0..<count {
            totalRed += block[3 * pixel]
            totalGreen += block[3 * pixel + 1]
            totalBlue += block[3 * pixel + 2]
        }
        // The empty pattern: one group, the whole cell.
        var bestNumerator = totalRed * totalRed + totalGreen * totalGreen + totalBlue * totalBlue
        var bestDenominator = count
        var best = (pattern: 0, red: 0, green: 0, blue: 0, size: 0)
        var pattern = 0
        var (red, green, blue, size) = (0, 0, 0, 0)
        for flip in search.flips {
            let bit = 1 << flip
            let sign = pattern & bit == 0 ? 1 : -1
            pattern ^= bit
            red += sign * block[3 * flip]
            green += sign * block[3 * flip + 1]
            blue += sign * block[3 * flip + 2]
            size += sign
            let (restRed, restGreen, restBlue, restSize) = (totalRed - red, totalGreen - green, totalBlue - blue, count - size)
            // |F|²/f + |B|²/b as (|F|²·b + |B|²·f) / (f·b); f and b are at least 1 here.
            let numerator =
                (red * red + green * green + blue * blue) * restSize
                + (restRed * restRed + restGreen * restGreen + restBlue * restBlue) * size
            let denominator = size * restSize
            if numerator * bestDenominator > bestNumerator * denominator {
                bestNumerator = numerator
                bestDenominator = denominator
                best = (pattern, red, green, blue, size)
            }
        }
        let restSize = count - best.size
        let background = mean(totalRed - best.red, totalGreen - best.green, totalBlue - best.blue, of: restSize)
        let foreground = best.size == 0 ? background : mean(best.red, best.green, best.blue, of: best.size)
        return MosaicCellFit(pattern: best.pattern, foreground: foreground, background: background)
    }

    /// The mean colour of `count` pixels whose channels sum to `red`, `green`, `blue`,
    /// rounded to nearest.
    private static func mean(_ red: Int, _ green: Int, _ blue: Int, of count: Int) -> RGB {
        RGB(UInt8((red + count / 2) / count), UInt8((green + count / 2) / count), UInt8((blue + count / 2) / count))
    }
}
