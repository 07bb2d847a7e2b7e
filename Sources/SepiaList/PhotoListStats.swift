import Foundation
public import SepiaPipeline

/// What a browsing session did, written on exit for the benchmarks and tests (`--stats-file`
/// of `sepia browse` and `sepia-gtk`): the rows that were on screen, the work done, and how
/// much of it went to rows never shown.
public struct PhotoListStats: Encodable {
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

    /// The figures of `controller`'s session; the bytes from `pipeline` (which must count
    /// bytes per URL: `PhotoPipelineConfiguration.countsBytesPerURL`), none without one.
    /// `peakResidentBytes` is the process's peak resident memory, if known.
    @MainActor
    public init(controller: PhotoListController, pipeline: PhotoPipeline?, peakResidentBytes: Int?) {
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
            bytesReceived = shownByURL.keys.reduce(0) { $0 + (pipeline.bytesReceived(for: $1) ?? 0) }
            bytesReceivedNeverShown = shownByURL.filter { !$0.value }.keys.reduce(0) { $0 + (pipeline.bytesReceived(for: $1) ?? 0) }
        } else {
            bytesReceived = nil
            bytesReceivedNeverShown = nil
        }
        self.peakResidentBytes = peakResidentBytes
    }

    /// Writes the figures as pretty-printed JSON, keys sorted, to `path`.
    public func write(to path: String) throws {
        try Self.write(self, to: path)
    }

    /// Writes `figures` (these, or a front end's that hold them) as pretty-printed JSON, keys
    /// sorted, to `path`.
    public static func write(_ figures: some Encodable, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(figures).write(to: URL(fileURLWithPath: path))
    }
}
