/// The size of a terminal in character cells.
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// Cells per row.
    public var columns: Int
    /// Rows of cells.
    public var rows: Int

    /// Makes a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// What a terminal that cannot tell its size is assumed to have: 80 × 24.
    public static let fallback = TerminalSize(columns: 80, rows: 24)

    /// "COLUMNSxROWS", as in `80x24`.
    public var description: String { "\(columns)x\(rows)" }
}
