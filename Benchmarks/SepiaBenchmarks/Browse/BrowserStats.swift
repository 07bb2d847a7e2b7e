import Foundation
import SepiaTestSupport

/// The figures `sepia demo --stats-file` writes when it quits (the rows shown, the work done,
/// how much of it went to rows never shown, the peak resident size), read by name: the
/// benchmark measures the binary it is given, whatever its build.
struct BrowserStats {
    private let figures: [String: Int?]

    /// Reads the JSON file at `path`.
    init(contentsOf path: URL) throws {
        figures = try JSONDecoder().decode([String: Int?].self, from: Data(contentsOf: path))
    }

    /// A figure the browser always writes (`rowsShown`, `filteredRows`…).
    ///
    /// - Throws: ``EndToEndError`` when the file lacks it.
    func required(_ name: String) throws -> Int {
        guard let value = figures[name] ?? nil else { throw EndToEndError("The stats file has no \(name).") }
        return value
    }

    /// A figure the browser may leave out or write as null (`bytesReceived` with `--naive`):
    /// 0 then.
    func optional(_ name: String) -> Int {
        (figures[name] ?? nil) ?? 0
    }
}
