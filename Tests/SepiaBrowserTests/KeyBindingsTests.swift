import SepiaBrowser
import SepiaTerminal
import XCTest

final class KeyBindingsTests: XCTestCase {
    private func action(_ key: Key) -> BrowserAction? { KeyBindings.action(for: .key(key)) }

    func testTheKeysUsersExpect() {
        XCTAssertEqual(action(.character("j")), .move(1))
        XCTAssertEqual(action(.down), .move(1))
        XCTAssertEqual(action(.character("k")), .move(-1))
        XCTAssertEqual(action(.up), .move(-1))
        XCTAssertEqual(action(.pageDown), .page(1))
        XCTAssertEqual(action(.control("f")), .page(1))
        XCTAssertEqual(action(.pageUp), .page(-1))
        XCTAssertEqual(action(.control("b")), .page(-1))
        XCTAssertEqual(action(.control("d")), .halfPage(1))
        XCTAssertEqual(action(.control("u")), .halfPage(-1))
        XCTAssertEqual(action(.character("g")), .first)
        XCTAssertEqual(action(.home), .first)
        XCTAssertEqual(action(.character("G")), .last)
        XCTAssertEqual(action(.end), .last)
        XCTAssertEqual(action(.enter), .open)
        XCTAssertEqual(action(.escape), .back)
        XCTAssertEqual(action(.character("q")), .quit)
        XCTAssertEqual(action(.control("c")), .quit)
        XCTAssertEqual(action(.control("z")), .suspend)
        XCTAssertEqual(action(.character("?")), .help)
        XCTAssertEqual(action(.character("r")), .retry)
        XCTAssertEqual(action(.character("o")), .queuePanel)
        XCTAssertNil(action(.character("z")))
    }

    func testTheMouseWheelScrollsAndAClickSelects() {
        XCTAssertEqual(KeyBindings.action(for: .mouse(MouseEvent(kind: .wheelDown, column: 5, row: 7))), .scroll(1))
        XCTAssertEqual(KeyBindings.action(for: .mouse(MouseEvent(kind: .wheelUp, column: 5, row: 7))), .scroll(-1))
        XCTAssertEqual(KeyBindings.action(for: .mouse(MouseEvent(kind: .press(button: 0), column: 5, row: 7))), .click(line: 7))
        XCTAssertNil(KeyBindings.action(for: .mouse(MouseEvent(kind: .release(button: 0), column: 5, row: 7))))
    }
}
