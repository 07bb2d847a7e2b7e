public import Foundation

extension BatchReportLine {
    /// The record of a row that ended as `outcome` says, written by the task running `shard`
    /// on `machine`: its file's size is read when it was written. `thumbhash` is the photo's
    /// base64 ThumbHash, when asked for.
    public init(
        outcome: BatchOutcome, entry: PhotoEntry, file: URL, shard: BatchShard, machine: String, finished: Date = Date(),
        thumbhash: String? = nil
    ) {
        let state: State
        var reason: String?
        var writtenBytes: Int?
        switch outcome.state {
        case .written(let url):
            state = .written
            writtenBytes = LocalFile.status(url.path)?.size
        case .skipped: state = .skipped
        case .failed(let error):
            state = .failed
            reason = error.description
        case .cancelled: state = .cancelled
        }
        let (seconds, attoseconds) = outcome.duration.components
        self.init(
            name: entry.name, location: entry.location.urlString ?? "", file: file.path, state: state,
            reason: reason, downloadedBytes: outcome.bytesDownloaded, writtenBytes: writtenBytes,
            milliseconds: Double(seconds) * 1000 + Double(attoseconds) / 1e15, shard: shard.description, machine: machine,
            finished: finished, thumbhash: thumbhash)
    }

    /// This machine's name, for ``machine``: the host name, or "unknown host".
    public static var thisMachine: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "unknown host" }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "unknown host" : text
    }
}
