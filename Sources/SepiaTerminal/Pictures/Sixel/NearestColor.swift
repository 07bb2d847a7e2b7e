/// Finds the palette colour nearest to a colour, by squared distance in RGB (the error PSNR
/// counts), with a locally sorted search (Heckbert 1982, as in libjpeg's two-pass quantiser):
/// RGB is cut into 16 × 16 × 16 boxes, and each box, the first time a colour falls in it, gets
/// the list of palette colours that can be nearest to some point in it: those whose nearest
/// distance to the box is no more than the smallest farthest distance of any colour. A search
/// then compares a handful of candidates instead of the whole palette.
struct NearestColor {
    /// The palette's channels, three a colour.
    private let levels: [Int32]
    /// Per box, its candidates as palette indices, in palette order; empty until needed.
    private var candidates: [[UInt16]]

    /// The side of a box is 2^boxShift levels.
    private static let boxShift: Int32 = 4
    /// Boxes along each channel.
    private static let boxesPerSide = 256 >> boxShift

    /// Prepares `palette` for searches.
    /// - Precondition: `palette` is not empty and has fewer than `UInt16.max` colours.
    init(_ palette: [RGB]) {
        precondition(!palette.isEmpty && palette.count < Int(UInt16.max), "a palette needs 1 to 65,534 colours")
        levels = palette.flatMap { [Int32($0.red), Int32($0.green), Int32($0.blue)] }
        candidates = [[UInt16]](repeating: [], count: Self.boxesPerSide * Self.boxesPerSide * Self.boxesPerSide)
    }

    /// The index in the palette of the colour nearest to (`r`, `g`, `b`), each 0–255; the
    /// lowest index on a tie.
    mutating func index(red r: Int32, green g: Int32, blue b: Int32) -> UInt16 {
        let box = (Int(r >> Self.boxShift) * Self.boxesPerSide + Int(g >> Self.boxShift)) * Self.boxesPerSide + Int(b >> Self.boxShift)
        if candidates[box].isEmpty { candidates[box] = Self.candidates(inBox: box, levels: levels) }
        return levels.withUnsafeBufferPointer { levels in
            var best = Int32.max
            var bestIndex: UInt16 = 0
            for index in candidates[box] {
                let offset = Int(index) * 3
                let dr = levels[offset] - r, dg = levels[offset + 1] - g, db = levels[offset + 2] - b
                let distance = dr * dr + dg * dg + db * db
                if distance < best {
                    best = distance
                    bestIndex = index
                }
            }
            return bestIndex
        }
    }

    /// The palette colours that can be nearest to a point of `box`.
    private static func candidates(inBox box: Int, levels: [Int32]) -> [UInt16] {
        let side = Int32(1) << boxShift
        let low = (
            Int32(box / (boxesPerSide * boxesPerSide)) * side, Int32(box / boxesPerSide % boxesPerSide) * side,
            Int32(box % boxesPerSide) * side
        )
        let count = levels.count / 3
        var nearest = [Int32](repeating: 0, count: count)
        var farthestBound = Int32.max
        levels.withUnsafeBufferPointer { levels in
            for color in 0..<count {
                var near: Int32 = 0, far: Int32 = 0
                func add(_ level: Int32, _ low: Int32) {
                    let high = low + side - 1
                    let outside = max(low - level, level - high, 0)
                    near += outside * outside
                    let farthest = max(level - low, high - level)
                    far += farthest * farthest
                }
                add(levels[color * 3], low.0)
                add(levels[color * 3 + 1], low.1)
                add(levels[color * 3 + 2], low.2)
                nearest[color] = near
                farthestBound = min(farthestBound, far)
            }
        }
        return (0..<count).filter { nearest[$0] <= farthestBound }.map { UInt16($0) }
    }
}
