import SepiaTerminal
import XCTest

final class EnvironmentDetectionTests: XCTestCase {
    func testColorModeDetection() {
        XCTAssertEqual(ColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]), .trueColor)
        XCTAssertEqual(ColorMode.detect(environment: ["COLORTERM": "24bit"]), .trueColor)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "xterm-direct"]), .trueColor)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "xterm-kitty"]), .trueColor)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "xterm-256color"]), .indexed256)
        XCTAssertEqual(ColorMode.detect(environment: ["TERM": "screen", "COLORTERM": "yes"]), .indexed256)
        XCTAssertEqual(ColorMode.detect(environment: [:]), .indexed256)
    }
}
