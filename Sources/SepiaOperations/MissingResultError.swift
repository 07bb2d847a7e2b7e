/// An asynchronous result operation called ``AsyncOperation/finish()`` without a result
/// and without being cancelled: a bug in that operation, reported as its failure.
public struct MissingResultError: Error, Sendable, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    /// A short reason, fit for a log line.
    public var description: String { "the operation finished without a result" }
}
