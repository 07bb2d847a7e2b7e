import Foundation
import SepiaOperations
import XCTest

@testable import SepiaPipeline

/// The circuit breaker of one host:port as a state machine, with the time passed in.
final class HostCircuitTests: XCTestCase {
    private let start = ContinuousClock.now
    private let policy = CircuitBreakerPolicy(failureThreshold: 3, firstProbeDelay: 1, maximumProbeDelay: 5)
    private let refused = HostCircuit.Outcome.failedToConnect(cause: "cannot connect: refused")

    private func at(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int(seconds * 1000)) }

    /// A circuit opened by `policy.failureThreshold` refusals at time 0.
    private func opened() -> HostCircuit {
        var circuit = HostCircuit()
        for _ in 0..<policy.failureThreshold { circuit.record(refused, of: circuit.admit(at: at(0)), at: at(0), policy: policy) }
        return circuit
    }

    func testFailuresBelowTheThresholdKeepItClosedAndAConnectionResetsTheCount() {
        var circuit = HostCircuit()
        circuit.record(refused, of: .pass, at: at(0), policy: policy)
        circuit.record(refused, of: .pass, at: at(0), policy: policy)
        XCTAssertEqual(circuit.admit(at: at(0)), .pass)
        circuit.record(.connected, of: .pass, at: at(0), policy: policy)
        XCTAssertTrue(circuit.isAtRest)
        circuit.record(refused, of: .pass, at: at(0), policy: policy)
        circuit.record(refused, of: .pass, at: at(0), policy: policy)
        XCTAssertEqual(circuit.admit(at: at(0)), .pass, "the count started again after the connection")
    }

    func testOutcomesThatTellNothingNeitherCountNorReset() {
        var circuit = HostCircuit()
        circuit.record(refused, of: .pass, at: at(0), policy: policy)
        circuit.record(refused, of: .pass, at: at(0), policy: policy)
        circuit.record(.unknown, of: .pass, at: at(0), policy: policy)
        XCTAssertEqual(circuit.failures, 2)
        circuit.record(refused, of: .pass, at: at(0), policy: policy)
        XCTAssertEqual(circuit.admit(at: at(0)), .refuse(failures: 3, cause: "cannot connect: refused"))
    }

    func testTheThresholdOpensItAndAttemptsAreRefusedWithTheFirstCauseUntilTheProbe() {
        var circuit = opened()
        XCTAssertEqual(circuit.phase, .open(probeAt: at(1)))
        XCTAssertEqual(circuit.admit(at: at(0.5)), .refuse(failures: 3, cause: "cannot connect: refused"))
        circuit.record(.failedToConnect(cause: "timed out"), of: .pass, at: at(0.6), policy: policy)
        XCTAssertEqual(
            circuit.admit(at: at(0.99)), .refuse(failures: 3, cause: "cannot connect: refused"),
            "a late failure of an attempt let through earlier changes neither the words nor the wait")
        XCTAssertEqual(circuit.admit(at: at(1)), .probe)
        XCTAssertEqual(circuit.admit(at: at(1)), .refuse(failures: 3, cause: "cannot connect: refused"), "one probe at a time")
    }

    func testEachFailedProbeDoublesTheWaitUpToTheMaximum() {
        var circuit = opened()
        var now = 1.0
        for expectedWait in [2.0, 4.0, 5.0, 5.0] {
            XCTAssertEqual(circuit.admit(at: at(now)), .probe)
            circuit.record(refused, of: .probe, at: at(now), policy: policy)
            XCTAssertEqual(circuit.phase, .open(probeAt: at(now + expectedWait)))
            XCTAssertEqual(circuit.admit(at: at(now + expectedWait - 0.01)), .refuse(failures: 3, cause: "cannot connect: refused"))
            now += expectedWait
        }
    }

    func testAProbeThatConnectsClosesIt() {
        var circuit = opened()
        let probe = circuit.admit(at: at(1))
        XCTAssertEqual(probe, .probe)
        circuit.record(.connected, of: probe, at: at(1.1), policy: policy)
        XCTAssertTrue(circuit.isAtRest)
        XCTAssertEqual(circuit.admit(at: at(1.1)), .pass)
        for _ in 0..<3 { circuit.record(refused, of: .pass, at: at(2), policy: policy) }
        XCTAssertEqual(circuit.phase, .open(probeAt: at(3)), "opened again, the wait starting from the first again")
    }

    func testAConnectionLetThroughBeforeItOpenedClosesItToo() {
        var circuit = opened()
        circuit.record(.connected, of: .pass, at: at(0.5), policy: policy)
        XCTAssertEqual(circuit.admit(at: at(0.5)), .pass)
    }

    func testAProbeThatTellsNothingHandsItsTurnToTheNextAttempt() {
        var circuit = opened()
        XCTAssertEqual(circuit.admit(at: at(1)), .probe)
        circuit.record(.unknown, of: .probe, at: at(1.2), policy: policy)
        XCTAssertEqual(circuit.admit(at: at(1.2)), .probe)
    }

    func testOnlyConnectionFailuresCount() {
        let failures: [HTTPLoadError] = [.unreachable("refused"), .untrustedCertificate("self-signed"), .connectTimedOut("after 5 s")]
        let answers: [HTTPLoadError] = [
            .status(code: 503, reason: "Service Unavailable", retryAfter: nil), .status(code: 404, reason: "Not Found", retryAfter: nil),
            .connection("closed early"), .tooLarge(limit: 1), .encoding("br"),
        ]
        let silent: [HTTPLoadError] = [.cancelled, .timedOut("after 60 s"), .proxy("cannot connect to the proxy")]
        for failure in failures { XCTAssertEqual(failure.connectionOutcome, .failedToConnect(cause: failure.description)) }
        for answer in answers { XCTAssertEqual(answer.connectionOutcome, .connected, "\(answer)") }
        for failure in silent { XCTAssertEqual(failure.connectionOutcome, .unknown, "\(failure)") }
    }

    func testBreakersKeepOnlyHostsWithFailuresAndReportTheHostInTheRefusal() throws {
        let clock = Locked(start)
        let breakers = HostCircuitBreakers(policy: policy) { clock.withLock { $0 } }
        let healthy = try breakers.admit("photos.example:443").get()
        breakers.record(.connected, for: healthy)
        XCTAssertNil(breakers.circuit(of: "photos.example:443"))
        for _ in 0..<3 { breakers.record(refused, for: try breakers.admit("127.0.0.1:9").get()) }
        guard case .failure(let refusal) = breakers.admit("127.0.0.1:9") else { return XCTFail("not refused") }
        XCTAssertEqual(
            refusal.description,
            "127.0.0.1:9 failed 3 connections in a row (cannot connect: refused); its downloads fail without trying until it answers again")
        XCTAssertNotNil(try? breakers.admit("127.0.0.1:10").get(), "another port is another circuit")
        clock.withLock { $0 = at(1) }
        let probe = try breakers.admit("127.0.0.1:9").get()
        XCTAssertEqual(probe.admission, .probe)
        breakers.record(.connected, for: probe)
        XCTAssertNil(breakers.circuit(of: "127.0.0.1:9"))
    }

    func testTheCircuitKeyIsHostAndPort() throws {
        XCTAssertEqual(HTTPLoad.circuitKey(of: try XCTUnwrap(URL(string: "http://127.0.0.1:9/a.jpg"))), "127.0.0.1:9")
        XCTAssertEqual(HTTPLoad.circuitKey(of: try XCTUnwrap(URL(string: "https://Photos.Example/a.jpg"))), "photos.example:443")
        XCTAssertEqual(HTTPLoad.circuitKey(of: try XCTUnwrap(URL(string: "http://[::1]/a.jpg"))), "[::1]:80")
    }
}
