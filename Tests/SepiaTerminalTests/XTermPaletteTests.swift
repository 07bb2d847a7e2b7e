import XCTest

@testable import SepiaTerminal

/// 24-bit colours mapped to xterm's 256-colour palette.
final class XTermPaletteTests: XCTestCase {
    func testKnownColours() {
        XCTAssertEqual(XTermPalette.nearestIndex(to: RGB(0, 0, 0)), 16, "black is the cube's corner")
        XCTAssertEqual(XTermPalette.nearestIndex(to: RGB(255, 255, 255)), 231)
        XCTAssertEqual(XTermPalette.nearestIndex(to: RGB(255, 0, 0)), 196)
        XCTAssertEqual(XTermPalette.nearestIndex(to: RGB(128, 128, 128)), 244, "grey 128 is on the ramp")
        XCTAssertEqual(XTermPalette.nearestIndex(to: RGB(8, 8, 8)), 232)
        XCTAssertEqual(XTermPalette.nearestIndex(to: RGB(238, 238, 238)), 255)
    }

    /// The formula for the grey step agrees with searching all 24 steps, over a lattice of
    /// colours that includes every tie between two steps.
    func testGreyStepFormulaAgreesWithASearch() {
        let levels = [0, 95, 135, 175, 215, 255]
        func square(_ value: Int) -> Int { value * value }
        for red in stride(from: 0, through: 255, by: 3) {
            for green in stride(from: 0, through: 255, by: 5) {
                for blue in stride(from: 0, through: 255, by: 7) {
                    let channels = [red, green, blue]
                    let cube = channels.map { value in levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }! }
                    let cubeDistance = zip(channels, cube).reduce(0) { $0 + square($1.0 - levels[$1.1]) }
                    let greyDistances = (0..<24).map { step in channels.reduce(0) { $0 + square($1 - (8 + 10 * step)) } }
                    let greyStep = greyDistances.indices.min { greyDistances[$0] < greyDistances[$1] }!
                    let expected = greyDistances[greyStep] < cubeDistance ? 232 + greyStep : 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
                    XCTAssertEqual(
                        Int(XTermPalette.nearestIndex(to: RGB(UInt8(red), UInt8(green), UInt8(blue)))), expected,
                        "\(red) \(green) \(blue)")
                }
            }
        }
    }
}
