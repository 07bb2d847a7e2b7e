public import Foundation

/// When ``HTTPLoader`` gives up on a host it cannot connect to, and how often it asks again.
///
/// Retries and the connection limit suit a live host; a host:port that refuses, times out or
/// fails the TLS handshake again and again would cost every remaining row its attempts and
/// backoff. After `failureThreshold` such failures in a row (HTTP statuses do not count: the
/// host answered), its downloads fail at once with ``HTTPLoadError/hostUnavailable(host:failures:cause:)``;
/// after `firstProbeDelay` one download is let through as a probe, and the wait doubles after
/// each probe that fails, up to `maximumProbeDelay`. Any connection that opens closes it again.
public struct CircuitBreakerPolicy: Sendable, Equatable {
    /// Connection failures in a row that stop the loader from trying a host:port (at least 1).
    public var failureThreshold: Int
    /// Seconds from the last failure to the first probe.
    public var firstProbeDelay: TimeInterval
    /// The longest wait between two probes, in seconds.
    public var maximumProbeDelay: TimeInterval

    /// A policy; by default 20 failures in a row, then probes after 1 s, 2 s, 4 s… up to a minute.
    public init(failureThreshold: Int = 20, firstProbeDelay: TimeInterval = 1, maximumProbeDelay: TimeInterval = 60) {
        self.failureThreshold = max(1, failureThreshold)
        self.firstProbeDelay = firstProbeDelay.isNaN ? 0 : max(0, firstProbeDelay)
        self.maximumProbeDelay = maximumProbeDelay.isNaN ? 0 : max(0, maximumProbeDelay)
    }

    /// The wait before the next probe once the circuit has opened `openings` times in a row
    /// (counted from 1): `firstProbeDelay × 2^(openings − 1)`, at most `maximumProbeDelay`.
    func probeDelay(afterOpening openings: Int) -> Duration {
        let seconds = min(firstProbeDelay * pow(2, Double(min(max(openings, 1), 62) - 1)), maximumProbeDelay)
        return .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
    }
}
