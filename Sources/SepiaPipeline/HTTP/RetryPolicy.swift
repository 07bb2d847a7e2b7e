public import Foundation

/// How failed downloads are repeated: transient failures only (connections that could not be
/// made or broke, HTTP 5xx, 429; never a certificate that is not trusted), with exponential
/// backoff and full jitter, a few times at the most; a server's `Retry-After` on a 429 or 503
/// is waited for instead, up to a limit.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first one included (1 disables retries).
    public var maximumAttempts: Int
    /// The backoff before the second attempt, in seconds; it doubles for each attempt after.
    public var baseDelay: TimeInterval
    /// The longest backoff between two attempts, in seconds, when the server named no delay.
    public var maximumDelay: TimeInterval
    /// The longest `Retry-After` waited for, in seconds (60 by default): a server that asks for
    /// more fails the download at once with ``HTTPLoadError/retryTooLate(code:reason:seconds:limit:)``
    /// rather than being asked again before it is ready.
    public var retryAfterLimit: TimeInterval

    /// A policy; by default three attempts, waiting up to 0.25 s and then up to 0.5 s, or
    /// what the server asks for up to a minute.
    public init(
        maximumAttempts: Int = 3, baseDelay: TimeInterval = 0.25, maximumDelay: TimeInterval = 10, retryAfterLimit: TimeInterval = 60
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(0, maximumDelay)
        self.retryAfterLimit = max(0, retryAfterLimit.isNaN ? 0 : retryAfterLimit)
    }

    /// The wait before attempt number `attempt + 1` after `failure` ended attempt `attempt`
    /// (counted from 1), or nil when the failure is final, no attempt is left, or the server
    /// asked for a wait longer than ``retryAfterLimit``.
    ///
    /// The wait is what the server asked for with `Retry-After`, or else random between 0 and
    /// `baseDelay × 2^(attempt − 1)` ("full jitter", so that many clients do not retry in
    /// step), never more than `maximumDelay`.
    public func delay(after failure: HTTPLoadError, attempt: Int, using random: inout some RandomNumberGenerator) -> TimeInterval? {
        guard attempt < maximumAttempts, failure.isTransient else { return nil }
        if let requested = failure.retryAfter {
            return requested <= retryAfterLimit ? requested : nil
        }
        let ceiling = min(baseDelay * pow(2, Double(attempt - 1)), maximumDelay)
        return ceiling > 0 ? Double.random(in: 0...ceiling, using: &random) : 0
    }

    /// The error to report for `failure` when no attempt follows it: a `Retry-After` beyond
    /// ``retryAfterLimit`` says so, anything else is reported as it is.
    public func finalError(for failure: HTTPLoadError) -> HTTPLoadError {
        guard case .status(let code, let reason, let requested?) = failure, requested > retryAfterLimit else { return failure }
        return .retryTooLate(code: code, reason: reason, seconds: requested, limit: retryAfterLimit)
    }
}
