/// The xterm 256-colour palette above the 16 themeable colours (xterm's 256colres.pl): a
/// 6 × 6 × 6 cube at indices 16–231 with channel levels 0, 95, 135, 175, 215, 255, and a
/// 24-step grey ramp at 232–255 with levels 8, 18, …, 238.
enum XTermPalette {
    /// The channel levels of the colour cube.
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index closest to `color` (by squared distance in RGB), from the cube or
    /// the grey ramp, whichever is nearer; the cube wins a tie.
    static func nearestIndex(to color: RGB) -> UInt8 {
        let channels = [Int(color.red), Int(color.green), Int(color.blue)]
        let cube = channels.map(nearestCubeStep)
        let cubeColor = cube.map { cubeLevels[$0] }
        let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]

        let greyStep = (0..<24).min { distance(channels, greyColor(step: $0)) < distance(channels, greyColor(step: $1)) }!

        let useGrey = distance(channels, greyColor(step: greyStep)) < distance(channels, cubeColor)
        return UInt8(useGrey ? 232 + greyStep : cubeIndex)
    }

    /// The colour of grey-ramp step `step` (0–23), as three channels.
    private static func greyColor(step: Int) -> [Int] {
        Array(repeating: 8 + 10 * step, count: 3)
    }

    /// The cube step (0–5) whose level is nearest to `value`.
    private static func nearestCubeStep(_ value: Int) -> Int {
        cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) }!
    }

    private static func distance(_ first: [Int], _ second: [Int]) -> Int {
        zip(first, second).reduce(0) { sum, pair in sum + (pair.0 - pair.1) * (pair.0 - pair.1) }
    }
}
