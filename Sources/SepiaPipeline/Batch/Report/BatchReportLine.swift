public import Foundation

/// One row of a batch report (`sepia process --report FILE`): one JSON object on one line,
/// written as the row ends, so that the reports of many tasks can be merged
/// (``BatchReportSummary``) and a task killed mid-way loses at most the line it was writing.
public struct BatchReportLine: Codable, Sendable, Equatable {
    /// How a row ended, as a report says it.
    public enum State: String, Codable, Sendable, CaseIterable {
        case written, skipped, failed, cancelled

        /// Which of two records of the same row a merge keeps: the better end (a row written
        /// once and skipped by a resumed task was written; a row that failed and was then
        /// written was written).
        var rank: Int {
            switch self {
            case .written: 3
            case .skipped: 2
            case .failed: 1
            case .cancelled: 0
            }
        }
    }

    /// The photo's name from the manifest.
    public var name: String
    /// Where it comes from (a URL, or a local path).
    public var location: String
    /// The file it is written to (or would have been).
    public var file: String
    /// How it ended.
    public var state: State
    /// Why it failed; nil unless ``state`` is `failed`.
    public var reason: String?
    /// Bytes that came over the network for it.
    public var downloadedBytes: Int
    /// The size of its file; nil unless written.
    public var writtenBytes: Int?
    /// How long its work took, in milliseconds (0 when skipped or never started).
    public var milliseconds: Double
    /// The shard of the task that wrote the record ("3/4").
    public var shard: String
    /// The machine the task ran on (its host name).
    public var machine: String
    /// When the row ended.
    public var finished: Date
    /// The base64 ThumbHash of the written (or already written) photo, with
    /// `sepia process --thumbhash`; nil otherwise (and then not in the line at all).
    public var thumbhash: String?

    /// A record; see the properties.
    public init(
        name: String, location: String, file: String, state: State, reason: String? = nil, downloadedBytes: Int = 0,
        writtenBytes: Int? = nil, milliseconds: Double = 0, shard: String = "1/1", machine: String, finished: Date,
        thumbhash: String? = nil
    ) {
        self.name = name
        self.location = location
        self.file = file
        self.state = state
        self.reason = reason
        self.downloadedBytes = downloadedBytes
        self.writtenBytes = writtenBytes
        self.milliseconds = milliseconds
        self.shard = shard
        self.machine = machine
        self.finished = finished
        self.thumbhash = thumbhash
    }

    /// The record as one line of JSON, with its newline.
    public func line() throws -> Data {
        var data = try Self.encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Reads one line that ``line()`` wrote; nil for anything else (a torn last line).
    public init?(line: some DataProtocol) {
        guard let record = try? Self.decoder.decode(BatchReportLine.self, from: Data(line)) else { return nil }
        self = record
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestampStyle.format(date))
        }
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = try? timestampStyle.parse(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a timestamp: \(text)"))
            }
            return date
        }
        return decoder
    }()

    /// Timestamps in UTC with milliseconds ("2026-11-24T19:44:07.125Z"), so that a report's
    /// spans are measured to the millisecond.
    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
