import Foundation

/// Prints rows as a plain-text table: a header, a rule, the first column aligned left and the
/// others right, each as wide as its widest cell.
struct TextTable {
    let headers: [String]
    let rows: [[String]]

    /// Prints the table, after `title` on a line of its own (and a blank line) when given,
    /// and flushes standard output, so that a report read through a pipe grows table by table.
    func print(title: String? = nil) {
        if let title { Swift.print("\n\(title)") }
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
        }
        Swift.print(zip(headers, widths).map { $0.padding(toLength: $1) }.joined(separator: "  "))
        Swift.print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        for row in rows {
            let cells = widths.indices.map { column in
                let cell = column < row.count ? row[column] : ""
                return column == 0 ? cell.padding(toLength: widths[column]) : cell.padding(toLength: widths[column], left: true)
            }
            Swift.print(cells.joined(separator: "  "))
        }
        fflush(nil)
    }
}

extension String {
    /// The string with spaces added after it (or before it, `left`) up to `length` characters.
    fileprivate func padding(toLength length: Int, left: Bool = false) -> String {
        let spaces = String(repeating: " ", count: max(length - count, 0))
        return left ? spaces + self : self + spaces
    }
}
