import Foundation

/// A batch's rows grouped by location, laid out once in a few machine words a row, so that a
/// manifest of a million rows costs megabytes here, not an object per row.
///
/// Rows with the same location form a group (one download and one chain of work, one file per
/// row). Groups keep the order in which their first row appears in the manifest.
struct BatchPlan: Sendable {
    /// The first row of each group, in manifest order.
    let groupStarts: [Int]
    /// For each row, the next row of its group, or -1 after the last (and for invalid rows).
    private let nextRowOfGroup: [Int]
    /// The rows that cannot become a download (their location is invalid), in manifest order.
    let invalidRows: [Int]

    init(entries: [PhotoEntry]) {
        var groupStarts: [Int] = []
        var nextRow = [Int](repeating: -1, count: entries.count)
        var invalidRows: [Int] = []
        var lastRowOfLocation: [PhotoLocation: Int] = [:]
        for (row, entry) in entries.enumerated() {
            if entry.location.isInvalid {
                invalidRows.append(row)
            } else if let last = lastRowOfLocation.updateValue(row, forKey: entry.location) {
                nextRow[last] = row
            } else {
                groupStarts.append(row)
            }
        }
        self.groupStarts = groupStarts
        nextRowOfGroup = nextRow
        self.invalidRows = invalidRows
    }

    /// The rows of the group that starts at `firstRow`, in manifest order.
    func rows(ofGroupStartingAt firstRow: Int) -> [Int] {
        var rows = [firstRow]
        var row = nextRowOfGroup[firstRow]
        while row >= 0 {
            rows.append(row)
            row = nextRowOfGroup[row]
        }
        return rows
    }
}
