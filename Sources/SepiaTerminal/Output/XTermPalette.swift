/// The xterm 256-colour palette above the 16 themeable colours (xterm's 256colres.pl): a
/// 6 × 6 × 6 cube at indices 16–231 with channel levels 0, 95, 135, 175, 215, 255, and a
/// 24-step grey ramp at 232–255 with levels 8, 18, …, 238.
enum XTermPalette {
    /// The channel levels of the colour cube.
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index closest to `color` (by squared distance in RGB), from the cube or
    /// the grey ramp, whichever is nearer; the cube wins a tie. Runs for every picture cell
    /// in 256-colour mode, so it allocates nothing: the nearest grey step comes from a
    /// formula, not a search (checked against the search on all 2²⁴ colours).
    static func nearestIndex(to color: RGB) -> UInt8 {
        let (red, green, blue) = (Int(color.red), Int(color.green), Int(color.blue))
        let (r, g, b) = (nearestCubeStep(red), nearestCubeStep(green), nearestCubeStep(blue))
        let cubeDistance = square(cubeLevels[r] - red) + square(cubeLevels[g] - green) + square(cubeLevels[b] - blue)
        // The distance to grey level 8 + 10·s is a parabola in s, lowest where the level is
        // the channels' mean: s = (sum/3 − 8)/10, rounded with ties going down, which is
        // ⌈(sum − 39)/30⌉ = (sum − 10)/30 for sum ≥ 39; then kept within the 24 steps.
        let sum = red + green + blue
        let greyStep = min(sum >= 39 ? (sum - 10) / 30 : 0, 23)
        let grey = 8 + 10 * greyStep
        let greyDistance = square(grey - red) + square(grey - green) + square(grey - blue)
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : 16 + 36 * r + 6 * g + b)
    }

    /// The cube step (0–5) whose level is nearest to `value` (the lower one on a tie).
    private static func nearestCubeStep(_ value: Int) -> Int {
        cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) }!
    }

    private static func square(_ value: Int) -> Int { value * value }
}
