/// The result of an operation whose value was handed over to its one dependent
/// (``ResultProducing/handOverResult()``): the value lives on in that dependent's work.
public struct HandedOverError: Error, Sendable, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    /// A short reason, fit for a log line.
    public var description: String { "the value was handed over to the next step" }
}
