import XCTest

@testable import SepiaDesktop

/// The rows on screen, from the vertical adjustment of a list of equal rows.
final class ListGeometryTests: XCTestCase {
    private func rows(value: Double, page: Double = 600, upper: Double = 100 * 116, count: Int = 100) -> Range<Int> {
        ListGeometry.visibleRows(value: value, pageSize: page, upper: upper, rowCount: count)
    }

    func testTheTopOfTheListShowsTheRowsThePageCovers() {
        // 600 pixels of rows 116 high: five whole rows and part of a sixth.
        XCTAssertEqual(rows(value: 0), 0..<6)
        // Exactly five rows: the sixth is not shown.
        XCTAssertEqual(rows(value: 0, page: 580), 0..<5)
    }

    func testAScrolledPageCountsRowsShownInPart() {
        // From pixel 100 (inside row 0) to 700 (inside row 6).
        XCTAssertEqual(rows(value: 100), 0..<7)
        // From the top of row 10.
        XCTAssertEqual(rows(value: 1160), 10..<16)
    }

    func testTheEndOfTheListStopsAtTheLastRow() {
        XCTAssertEqual(rows(value: 100 * 116 - 600), 94..<100)
        // A value beyond the end (while the list shrinks) still names existing rows.
        XCTAssertEqual(rows(value: 200 * 116), 99..<100)
    }

    func testNothingIsShownBeforeTheFirstLayoutOrWithoutRows() {
        XCTAssertEqual(rows(value: 0, upper: 0), 0..<0)
        XCTAssertEqual(rows(value: 0, page: 0), 0..<0)
        XCTAssertEqual(rows(value: 0, count: 0), 0..<0)
        XCTAssertEqual(rows(value: .nan), 0..<0)
    }

    func testAListShorterThanThePageShowsEveryRow() {
        XCTAssertEqual(rows(value: 0, page: 900, upper: 3 * 116, count: 3), 0..<3)
    }
}
