import Foundation
import SepiaList
import SepiaOperations
import SepiaPipeline
import SepiaProcess

/// What a browsing session did, written on exit for the benchmarks (`--stats-file`): the rows
/// that were on screen, the work done, and how much of it went to rows never shown.
struct BrowserStats: Encodable {
    let rows: Int
    let rowsShown: Int
    let downloadedRows: Int
    let downloadedRowsNeverShown: Int
    let filteredRows: Int
    let filteredRowsNeverShown: Int
    /// Bytes received over the network; nil with `--naive`, whose loader keeps no tally.
    let bytesReceived: Int?
    let bytesReceivedNeverShown: Int?
    let peakResidentBytes: Int?

    @MainActor
    init(controller: PhotoListController, pipeline: PhotoPipeline?) {
        let shown = controller.rowsShown
        let done = controller.workDone
        rows = controller.records.count
        rowsShown = shown.count
        downloadedRows = done.downloaded.count
        downloadedRowsNeverShown = done.downloaded.subtracting(shown).count
        filteredRows = done.filtered.count
        filteredRowsNeverShown = done.filtered.subtracting(shown).count
        if let pipeline {
            // Rows may share a URL: count each URL once, as shown when any of its rows was.
            var shownByURL: [URL: Bool] = [:]
            for (row, record) in controller.records.enumerated() {
                guard let url = record.url else { continue }
                shownByURL[url, default: false] = shownByURL[url, default: false] || shown.contains(row)
            }
            // The launch asks the pipeline to count per URL whenever it writes these figures.
            bytesReceived = shownByURL.keys.reduce(0) { $0 + (pipeline.bytesReceived(for: $1) ?? 0) }
            bytesReceivedNeverShown = shownByURL.filter { !$0.value }.keys.reduce(0) { $0 + (pipeline.bytesReceived(for: $1) ?? 0) }
        } else {
            bytesReceived = nil
            bytesReceivedNeverShown = nil
        }
        peakResidentBytes = ResidentMemory.peak()
    }

    /// Writes the figures as JSON to `path`; a failure is reported on standard error.
    func write(to path: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(self).write(to: URL(fileURLWithPath: path))
        } catch {
            printErrorLine("cannot write \(path): \(error)")
        }
    }
}
