import Foundation
import SepiaOperations

/// The circuit breakers of the hosts a loader connects to directly, one per host:port
/// (``HostCircuit``), under one lock. Only circuits with failures counted are kept, so a
/// batch over many healthy hosts keeps nothing.
final class HostCircuitBreakers: Sendable {
    /// One attempt's permission: which circuit it belongs to and how it was let through.
    struct Ticket: Sendable {
        let host: String
        let admission: HostCircuit.Admission
    }

    private let policy: CircuitBreakerPolicy
    private let now: @Sendable () -> ContinuousClock.Instant
    private let circuits = Locked<[String: HostCircuit]>([:])

    /// Breakers following `policy`, reading the time from `now` (a test's clock, or the
    /// continuous clock).
    init(policy: CircuitBreakerPolicy, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.policy = policy
        self.now = now
    }

    /// Asks whether an attempt may connect to `host` ("name:port"): a ticket to report its
    /// outcome with, or the refusal to fail it with.
    func admit(_ host: String) -> Result<Ticket, HTTPLoadError> {
        let instant = now()
        let admission = circuits.withLock { circuits in circuits[host]?.admit(at: instant) ?? .pass }
        if case .refuse(let failures, let cause) = admission {
            return .failure(.hostUnavailable(host: host, failures: failures, cause: cause))
        }
        return .success(Ticket(host: host, admission: admission))
    }

    /// Reports what became of the attempt `ticket` let through.
    func record(_ outcome: HostCircuit.Outcome, for ticket: Ticket) {
        let instant = now()
        circuits.withLock { circuits in
            var circuit = circuits[ticket.host] ?? HostCircuit()
            circuit.record(outcome, of: ticket.admission, at: instant, policy: policy)
            circuits[ticket.host] = circuit.isAtRest ? nil : circuit
        }
    }

    /// The circuit of `host` (for tests).
    func circuit(of host: String) -> HostCircuit? {
        circuits.withLock { $0[host] }
    }
}
