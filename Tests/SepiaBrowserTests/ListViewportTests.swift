import SepiaBrowser
import XCTest

final class ListViewportTests: XCTestCase {
    func testMovingPastTheScreenScrollsByOneRow() {
        var viewport = ListViewport(rowCount: 100, pageSize: 9)
        viewport.moveSelection(by: 8)
        XCTAssertEqual(viewport.visibleRows, 0..<9)
        viewport.moveSelection(by: 1)
        XCTAssertEqual(viewport.selection, 9)
        XCTAssertEqual(viewport.visibleRows, 1..<10)
        viewport.moveSelection(by: -5)
        XCTAssertEqual(viewport.visibleRows, 1..<10, "moving within the screen does not scroll")
        viewport.moveSelection(by: -100)
        XCTAssertEqual(viewport.selection, 0)
        XCTAssertEqual(viewport.top, 0)
    }

    func testPagesMoveTheScreenAndTheSelectionTogether() {
        var viewport = ListViewport(rowCount: 30, pageSize: 10)
        viewport.moveSelection(by: 2)
        viewport.page(by: 1)
        XCTAssertEqual(viewport.visibleRows, 10..<20)
        XCTAssertEqual(viewport.selection, 12)
        viewport.page(by: 1)
        XCTAssertEqual(viewport.visibleRows, 20..<30)
        viewport.page(by: 1)
        XCTAssertEqual(viewport.selection, 29, "at the end a page moves the selection to the last row")
        viewport.halfPage(by: -1)
        XCTAssertEqual(viewport.visibleRows, 15..<25)
        XCTAssertEqual(viewport.selection, 24)
    }

    func testFirstAndLast() {
        var viewport = ListViewport(rowCount: 506, pageSize: 9)
        viewport.select(505)
        XCTAssertEqual(viewport.visibleRows, 497..<506)
        viewport.select(0)
        XCTAssertEqual(viewport.visibleRows, 0..<9)
    }

    func testTheWheelScrollsAndDragsTheSelectionOnlyWhenItWouldLeave() {
        var viewport = ListViewport(rowCount: 50, pageSize: 10)
        viewport.moveSelection(by: 5)
        viewport.scroll(by: 3)
        XCTAssertEqual(viewport.visibleRows, 3..<13)
        XCTAssertEqual(viewport.selection, 5)
        viewport.scroll(by: 4)
        XCTAssertEqual(viewport.selection, 7, "kept on screen")
        viewport.scroll(by: 1000)
        XCTAssertEqual(viewport.visibleRows, 40..<50)
        viewport.scroll(by: -1000)
        XCTAssertEqual(viewport.visibleRows, 0..<10)
        XCTAssertEqual(viewport.selection, 9)
    }

    func testResizingAndLoadingKeepTheSelectionVisible() {
        var viewport = ListViewport(rowCount: 0, pageSize: 10)
        XCTAssertEqual(viewport.visibleRows, 0..<0)
        viewport.moveSelection(by: 3)
        XCTAssertEqual(viewport.selection, 0, "an empty list has nothing to select")
        viewport.setRowCount(40)
        viewport.select(25)
        viewport.resize(pageSize: 4)
        XCTAssertTrue(viewport.visibleRows.contains(25))
        viewport.resize(pageSize: 100)
        XCTAssertEqual(viewport.visibleRows, 0..<40)
        viewport.setRowCount(5)
        XCTAssertEqual(viewport.selection, 4)
    }
}
