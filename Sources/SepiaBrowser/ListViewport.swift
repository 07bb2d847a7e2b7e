/// Which rows of the list are on screen and which one is selected; the terminal's version of a
/// table view's content offset. Every move keeps the selection on screen.
package struct ListViewport: Sendable, Equatable {
    /// How many rows the list has.
    package private(set) var rowCount: Int
    /// How many rows fit on screen (at least 1).
    package private(set) var pageSize: Int
    /// The first row on screen.
    package private(set) var top = 0
    /// The selected row (0 when the list is empty).
    package private(set) var selection = 0

    /// A viewport at the top of a list of `rowCount` rows, `pageSize` of them on screen.
    package init(rowCount: Int, pageSize: Int) {
        self.rowCount = max(rowCount, 0)
        self.pageSize = max(pageSize, 1)
    }

    /// The rows on screen.
    package var visibleRows: Range<Int> { top..<min(rowCount, top + pageSize) }

    /// Moves the selection by `delta` rows (negative is up), scrolling as little as needed.
    package mutating func moveSelection(by delta: Int) {
        select(selection + delta)
    }

    /// Selects `row` (clamped to the list), scrolling as little as needed to show it.
    package mutating func select(_ row: Int) {
        guard rowCount > 0 else { return }
        selection = min(max(row, 0), rowCount - 1)
        if selection < top { top = selection }
        if selection >= top + pageSize { top = selection - pageSize + 1 }
    }

    /// Scrolls by `delta` rows without moving the selection unless it would leave the screen
    /// (the mouse wheel).
    package mutating func scroll(by delta: Int) {
        top = min(max(top + delta, 0), maximumTop)
        selection = min(max(selection, top), max(visibleRows.upperBound - 1, top))
    }

    /// Moves a whole screen down (positive) or up, selection and all.
    package mutating func page(by pages: Int) {
        shift(by: pages * pageSize)
    }

    /// Moves half a screen down (positive) or up, selection and all.
    package mutating func halfPage(by halves: Int) {
        shift(by: halves * max(pageSize / 2, 1))
    }

    /// Changes the number of rows on screen (after a resize), keeping the selection on it.
    package mutating func resize(pageSize newSize: Int) {
        pageSize = max(newSize, 1)
        top = min(top, maximumTop)
        select(selection)
    }

    /// Changes the number of rows (the list loaded), keeping the selection within it.
    package mutating func setRowCount(_ count: Int) {
        rowCount = max(count, 0)
        top = min(top, maximumTop)
        selection = rowCount == 0 ? 0 : min(selection, rowCount - 1)
        select(selection)
    }

    private var maximumTop: Int { max(rowCount - pageSize, 0) }

    /// Moves the screen and the selection together, as a pager does.
    private mutating func shift(by delta: Int) {
        let offset = selection - top
        let newTop = min(max(top + delta, 0), maximumTop)
        guard newTop != top else {
            select(selection + delta)
            return
        }
        top = newTop
        select(newTop + offset)
    }
}
