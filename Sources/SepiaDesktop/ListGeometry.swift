/// Which rows of a list of equal rows are on screen, from its vertical scroll position.
///
/// GTK's list view binds rows far beyond the screen (some 200 ahead in GTK 4.8), so what is
/// bound says little about what the user sees: the rows on screen come from the vertical
/// adjustment instead (its value, page size and upper bound), the rows being of one height.
enum ListGeometry {
    /// The rows that the page from `value` to `value + pageSize` shows, in part or whole, of
    /// `rowCount` rows that fill `upper` pixels together; empty before the first layout.
    static func visibleRows(value: Double, pageSize: Double, upper: Double, rowCount: Int) -> Range<Int> {
        guard rowCount > 0, upper > 0, pageSize > 0, value.isFinite, pageSize.isFinite, upper.isFinite else { return 0..<0 }
        let rowHeight = upper / Double(rowCount)
        // A row counts as shown when at least a hundredth of a pixel of it is.
        let first = Int((max(value, 0) / rowHeight + 0.0001).rounded(.down))
        let end = Int(((value + pageSize) / rowHeight - 0.0001).rounded(.up))
        let lower = min(max(first, 0), rowCount - 1)
        return lower..<min(max(end, lower + 1), rowCount)
    }
}
