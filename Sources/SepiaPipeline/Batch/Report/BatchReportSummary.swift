import Foundation

/// What the reports of a batch's tasks say together (`sepia report FILE…`): each row counted
/// once, failures grouped by reason, throughput, the slowest origins and tasks.
///
/// A row is known by its file. When several records name it (a task that was killed and run
/// again, a shard run twice), the better end counts (written, then already there, then failed,
/// then cancelled; the later record among equals), and the others are counted in
/// ``repeatedRecords``.
public struct BatchReportSummary: Codable, Sendable, Equatable {
    /// The rows that failed for one reason.
    public struct FailureGroup: Codable, Sendable, Equatable {
        /// Why they failed.
        public var reason: String
        /// How many rows failed for it.
        public var count: Int
        /// The names of the first few of them.
        public var examples: [String]
    }

    /// How long the photos of one origin (a URL's host and port, or "local files") took.
    public struct OriginTiming: Codable, Sendable, Equatable {
        /// The origin.
        public var origin: String
        /// Photos that were downloaded from it (written or failed, not skipped).
        public var photos: Int
        /// Their mean time, in milliseconds.
        public var meanMilliseconds: Double
        /// The time that 95 % of them took at most.
        public var p95Milliseconds: Double
    }

    /// What one task (a shard on a machine) did, over all its runs.
    public struct TaskThroughput: Codable, Sendable, Equatable {
        /// The machine it ran on.
        public var machine: String
        /// Its shard ("3/4").
        public var shard: String
        /// Records it wrote.
        public var records: Int
        /// Photos it wrote.
        public var written: Int
        /// Seconds from its first row's start to its last row's end.
        public var seconds: Double
        /// Photos written per second over ``seconds``.
        public var photosPerSecond: Double
    }

    /// How many report files were read.
    public var reports: Int
    /// Rows, each counted once.
    public var rows: Int
    /// Rows written.
    public var written: Int
    /// Rows whose file was there already.
    public var skipped: Int
    /// Rows that failed.
    public var failed: Int
    /// Rows cancelled (never finished).
    public var cancelled: Int
    /// Records of a row that an earlier or better record already counted.
    public var repeatedRecords: Int
    /// Lines that are not records (a task killed while writing its last line).
    public var unreadableLines: Int
    /// Bytes downloaded by every task.
    public var downloadedBytes: Int
    /// Seconds from the first row's start to the last row's end, over all tasks.
    public var seconds: Double
    /// Photos written per second over ``seconds``.
    public var photosPerSecond: Double
    /// Failures grouped by reason, the largest group first.
    public var failures: [FailureGroup]
    /// The origins, slowest (by mean) first; at most ``listedOrigins``.
    public var slowestOrigins: [OriginTiming]
    /// The tasks, slowest (fewest photos a second) first.
    public var tasks: [TaskThroughput]

    /// How many origins ``slowestOrigins`` lists at the most.
    public static let listedOrigins = 10
    /// How many names each failure group gives as examples.
    public static let examplesPerFailure = 3

    /// Whether every row ended with its file written (now or earlier).
    public var allDone: Bool { written + skipped == rows }
}
