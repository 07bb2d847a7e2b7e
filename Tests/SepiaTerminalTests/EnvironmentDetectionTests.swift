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

    func testAutoGraphicsModeResolution() {
        XCTAssertEqual(GraphicsMode.auto.resolved(environment: ["TERM": "xterm-kitty"]), .kitty)
        XCTAssertEqual(GraphicsMode.auto.resolved(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]), .kitty)
        XCTAssertEqual(GraphicsMode.auto.resolved(environment: ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]), .blocks)
        XCTAssertEqual(GraphicsMode.auto.resolved(environment: ["TERM": "xterm-256color"]), .blocks)
        XCTAssertEqual(GraphicsMode.auto.resolved(environment: [:]), .blocks)
    }

    func testExplicitGraphicsModesStay() {
        for mode in [GraphicsMode.kitty, .blocks, .none] {
            XCTAssertEqual(mode.resolved(environment: ["TERM": "xterm-kitty", "TMUX": "x"]), mode)
        }
        XCTAssertEqual(GraphicsMode(rawValue: "blocks"), .blocks)
        XCTAssertEqual(GraphicsMode.allCases.map(\.rawValue), ["auto", "kitty", "blocks", "none"])
    }
}
