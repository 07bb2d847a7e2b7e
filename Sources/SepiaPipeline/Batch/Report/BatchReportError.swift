import Foundation

/// A batch report cannot be written or read.
public struct BatchReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The report's path.
    public let path: String
    /// What went wrong, such as "Permission denied".
    public let reason: String
    /// Whether it was being written (or read).
    public let writing: Bool

    /// An error about the report at `path`.
    public init(path: String, reason: String, writing: Bool) {
        self.path = path
        self.reason = reason
        self.writing = writing
    }

    /// "cannot write the report /x: Permission denied"
    public var description: String {
        "cannot \(writing ? "write" : "read") the report \(path): \(reason)"
    }
}
