import Foundation

/// How failed downloads are repeated: transient failures only (connection errors, HTTP 5xx,
/// 429), with exponential backoff and full jitter, a few times at the most.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first one included (1 disables retries).
    public var maximumAttempts: Int
    /// The backoff before the second attempt, in seconds; it doubles for each attempt after.
    public var baseDelay: TimeInterval
    /// The longest wait between two attempts, in seconds, `Retry-After` included.
    public var maximumDelay: TimeInterval

    /// A policy; by default three attempts, waiting up to 0.25 s and then up to 0.5 s.
    public init(maximumAttempts: Int = 3, baseDelay: TimeInterval = 0.25, maximumDelay: TimeInterval = 10) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(0, maximumDelay)
    }

    /// The wait before attempt number `attempt + 1` after `failure` ended attempt `attempt`
    /// (counted from 1), or nil when the failure is final or no attempt is left.
    ///
    /// The wait is random between 0 and `baseDelay × 2^(attempt − 1)` ("full jitter", so
    /// that many clients do not retry in step), or what the server asked for with
    /// `Retry-After`, and never more than `maximumDelay`.
    public func delay(after failure: HTTPLoadError, attempt: Int, using random: inout some RandomNumberGenerator) -> TimeInterval? {
        guard attempt < maximumAttempts, failure.isTransient else { return nil }
        if let requested = failure.retryAfter {
            return min(requested, maximumDelay)
        }
        let ceiling = min(baseDelay * pow(2, Double(attempt - 1)), maximumDelay)
        return ceiling > 0 ? Double.random(in: 0...ceiling, using: &random) : 0
    }
}
