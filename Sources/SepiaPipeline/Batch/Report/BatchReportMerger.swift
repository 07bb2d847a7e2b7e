public import Foundation

/// Reads the reports of a batch's tasks, line by line, into one ``BatchReportSummary``.
///
/// Memory grows with the rows (a few dozen bytes each, plus their names and reasons), not
/// with the records: a report read twice costs no more.
public struct BatchReportMerger {
    private struct Row {
        var state: BatchReportLine.State
        var reason: String?
        var name: String
        var order: Int
    }

    private struct Task {
        var records = 0
        var written = 0
        var firstStart = Date.distantFuture
        var lastEnd = Date.distantPast
    }

    private var rows: [String: Row] = [:]
    private var reports = 0
    private var records = 0
    private var unreadableLines = 0
    private var downloadedBytes = 0
    private var firstStart = Date.distantFuture
    private var lastEnd = Date.distantPast
    private var originTimes: [String: [Double]] = [:]
    private var tasks: [String: Task] = [:]

    /// An empty merger.
    public init() {}

    /// Adds every line of the report at `path`.
    ///
    /// - Throws: ``BatchReportError`` when the file cannot be read.
    public mutating func add(reportAt path: String) throws(BatchReportError) {
        let data: Data
        do throws(LocalFileError) {
            data = try LocalFile.read(LocalPath(path), limit: Int.max)
        } catch {
            throw BatchReportError(path: path, reason: error.description, writing: false)
        }
        reports += 1
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            add(line: line)
        }
    }

    /// Adds one line of a report: a ``BatchReportLine``, or anything else (counted as unreadable).
    public mutating func add(line: some DataProtocol) {
        guard let record = BatchReportLine(line: line) else {
            unreadableLines += 1
            return
        }
        add(record)
    }

    /// Adds one record.
    public mutating func add(_ record: BatchReportLine) {
        records += 1
        downloadedBytes += record.downloadedBytes
        let start = record.finished.addingTimeInterval(-record.milliseconds / 1000)
        firstStart = min(firstStart, start)
        lastEnd = max(lastEnd, record.finished)
        let taskKey = "\(record.machine)\u{0}\(record.shard)"
        var task = tasks[taskKey] ?? Task()
        task.records += 1
        task.written += record.state == .written ? 1 : 0
        task.firstStart = min(task.firstStart, start)
        task.lastEnd = max(task.lastEnd, record.finished)
        tasks[taskKey] = task
        if record.state == .written || record.state == .failed, record.milliseconds > 0 {
            originTimes[Self.origin(of: record.location), default: []].append(record.milliseconds)
        }
        let row = Row(state: record.state, reason: record.reason, name: record.name, order: records)
        if let kept = rows[record.file], kept.state.rank > record.state.rank { return }
        rows[record.file] = row
    }

    /// What the reports added so far say.
    public func summary() -> BatchReportSummary {
        var counts: [BatchReportLine.State: Int] = [:]
        var failures: [String: (count: Int, examples: [(order: Int, name: String)])] = [:]
        for row in rows.values {
            counts[row.state, default: 0] += 1
            guard row.state == .failed else { continue }
            // In place, and only the first few examples kept: a million failures of one reason
            // must not copy a growing array a million times.
            failures[row.reason ?? "unknown reason", default: (0, [])].count += 1
            Self.keepEarliest((row.order, row.name), in: &failures[row.reason ?? "unknown reason", default: (0, [])].examples)
        }
        let seconds = max(0, lastEnd.timeIntervalSince(firstStart))
        let written = counts[.written] ?? 0
        return BatchReportSummary(
            reports: reports, rows: rows.count, written: written, skipped: counts[.skipped] ?? 0,
            failed: counts[.failed] ?? 0, cancelled: counts[.cancelled] ?? 0, repeatedRecords: records - rows.count,
            unreadableLines: unreadableLines, downloadedBytes: downloadedBytes, seconds: seconds,
            photosPerSecond: seconds > 0 ? Double(written) / seconds : 0,
            failures: failures.map { reason, group in
                BatchReportSummary.FailureGroup(reason: reason, count: group.count, examples: group.examples.map(\.name))
            }.sorted { ($0.count, $1.reason) > ($1.count, $0.reason) },
            slowestOrigins: originTimes.map { origin, times in
                BatchReportSummary.OriginTiming(
                    origin: origin, photos: times.count, meanMilliseconds: times.reduce(0, +) / Double(times.count),
                    p95Milliseconds: Percentile.nearestRank(0.95, ofSorted: times.sorted()) ?? 0)
            }.sorted { $0.meanMilliseconds > $1.meanMilliseconds }.prefix(BatchReportSummary.listedOrigins).map { $0 },
            tasks: tasks.map { key, task in
                let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
                let span = max(0, task.lastEnd.timeIntervalSince(task.firstStart))
                return BatchReportSummary.TaskThroughput(
                    machine: String(parts[0]), shard: String(parts[1]), records: task.records, written: task.written, seconds: span,
                    photosPerSecond: span > 0 ? Double(task.written) / span : 0)
            }.sorted { ($0.photosPerSecond, $0.machine, $0.shard) < ($1.photosPerSecond, $1.machine, $1.shard) }
        )
    }

    /// Adds `example` to `examples` (sorted by order) if it is among the earliest
    /// ``BatchReportSummary/examplesPerFailure``.
    private static func keepEarliest(_ example: (order: Int, name: String), in examples: inout [(order: Int, name: String)]) {
        let position = examples.firstIndex { $0.order > example.order } ?? examples.endIndex
        guard position < BatchReportSummary.examplesPerFailure else { return }
        examples.insert(example, at: position)
        if examples.count > BatchReportSummary.examplesPerFailure { examples.removeLast() }
    }

    /// The host and port of a URL location, or "local files" for a path.
    static func origin(of location: String) -> String {
        guard let url = URL(string: location), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host
        else { return "local files" }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
