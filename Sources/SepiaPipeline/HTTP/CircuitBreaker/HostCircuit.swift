import Foundation

/// The circuit breaker of one host:port, as a value: closed (connections are tried, failures
/// in a row counted), open (nothing is tried until `probeAt`) or probing (one attempt is under
/// way to find out whether the host is back). ``HostCircuitBreakers`` keeps one per host and
/// passes the time in, so the transitions are testable without waiting.
struct HostCircuit: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        /// Attempts go through.
        case closed
        /// Attempts fail at once until `probeAt`, when the next one becomes a probe.
        case open(probeAt: ContinuousClock.Instant)
        /// One attempt (the probe) is under way; others fail at once until it ends.
        case probing
    }

    /// What an attempt may do.
    enum Admission: Sendable, Equatable {
        /// Connect as usual.
        case pass
        /// Connect: this attempt decides whether the circuit closes again.
        case probe
        /// Do not connect: the host failed `failures` connections in a row, the first reason
        /// being `cause`.
        case refuse(failures: Int, cause: String)
    }

    /// What became of an attempt's connection.
    enum Outcome: Sendable, Equatable {
        /// A connection opened (whatever the server answered then).
        case connected
        /// No connection could be opened (refused, timed out, no address, TLS handshake failed).
        case failedToConnect(cause: String)
        /// It cannot be told (the attempt was cancelled, or ended before or without connecting
        /// for another reason).
        case unknown
    }

    private(set) var phase = Phase.closed
    /// Connection failures since the last connection that opened.
    private(set) var failures = 0
    /// How many times the circuit opened since the last connection that opened: the probes'
    /// wait doubles with each.
    private(set) var openings = 0
    /// The failure that opened the circuit and the failures in a row by then, reported with
    /// every refusal until it closes (the same words for every row of the host).
    private(set) var cause = ""
    private(set) var failuresWhenOpened = 0

    /// True when the circuit holds nothing worth keeping (closed, no failure counted).
    var isAtRest: Bool { phase == .closed && failures == 0 }

    /// Lets an attempt through, as a probe once the wait is over, or refuses it.
    mutating func admit(at now: ContinuousClock.Instant) -> Admission {
        switch phase {
        case .closed:
            return .pass
        case .open(let probeAt) where now >= probeAt:
            phase = .probing
            return .probe
        case .open, .probing:
            return .refuse(failures: failuresWhenOpened, cause: cause)
        }
    }

    /// Counts what became of an attempt admitted as `admission` (`.pass` or `.probe`).
    mutating func record(_ outcome: Outcome, of admission: Admission, at now: ContinuousClock.Instant, policy: CircuitBreakerPolicy) {
        switch outcome {
        case .connected:
            self = HostCircuit()
        case .failedToConnect(let reason):
            failures += 1
            switch (phase, admission) {
            case (.closed, _) where failures >= policy.failureThreshold:
                cause = reason
                failuresWhenOpened = failures
                open(at: now, policy: policy)
            case (.probing, .probe):
                open(at: now, policy: policy)
            default:
                break  // still under the threshold, or an attempt let through before the circuit opened
            }
        case .unknown:
            // A probe that told nothing gives its turn to the next attempt.
            if phase == .probing, admission == .probe { phase = .open(probeAt: now) }
        }
    }

    private mutating func open(at now: ContinuousClock.Instant, policy: CircuitBreakerPolicy) {
        openings += 1
        phase = .open(probeAt: now + policy.probeDelay(afterOpening: openings))
    }
}
