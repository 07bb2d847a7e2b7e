import SepiaOperations

/// What a running `DemoPhotoServer` has done so far; safe to read from any thread while it
/// runs, and after it stops.
package final class DemoServerCounters: Sendable {
    /// The counters at one moment, all read under the same lock.
    package struct Snapshot: Sendable, Equatable {
        /// Requests received, whatever their path or outcome.
        package var totalRequests = 0
        /// Requests received per path that the server serves: the manifests' and the
        /// catalogue's (e.g. `/photos/17.jpg`). Requests for any other path count in
        /// ``otherRequests`` only, so that the counters stay as many as the catalogue's
        /// paths however many paths clients make up.
        package var requestsByPath: [String: Int] = [:]
        /// Requests received for paths that the server does not serve.
        package var otherRequests = 0
        /// Responses answered `503 Service Unavailable` by the failure-rate knob.
        package var serviceUnavailableResponses = 0
        /// Response bodies cut short because the client closed the connection (or the
        /// connection failed) before the last byte was written.
        package var cutBodies = 0
        /// Response body bytes handed to the connection (headers not included).
        package var bodyBytesSent = 0
    }

    private let state = Locked(Snapshot())

    init() {}

    /// All counters at once.
    package var snapshot: Snapshot { state.withLock { $0 } }
    /// Requests received, whatever their path or outcome.
    package var totalRequests: Int { state.withLock { $0.totalRequests } }
    /// Responses answered `503 Service Unavailable` by the failure-rate knob.
    package var serviceUnavailableResponses: Int { state.withLock { $0.serviceUnavailableResponses } }
    /// Response bodies cut short because the client closed the connection early.
    package var cutBodies: Int { state.withLock { $0.cutBodies } }
    /// Response body bytes handed to the connection.
    package var bodyBytesSent: Int { state.withLock { $0.bodyBytesSent } }

    /// Requests received for `path` (e.g. `/photos/17.jpg`), a path the server serves; 0 for
    /// any other path (those count in ``Snapshot/otherRequests``).
    package func requests(forPath path: String) -> Int {
        state.withLock { $0.requestsByPath[path, default: 0] }
    }

    /// Counts a request for `path`: under its own path when `isServed` (a manifest's or the
    /// catalogue's path), in the one count of other paths otherwise.
    func recordRequest(path: String, isServed: Bool) {
        state.withLock {
            $0.totalRequests += 1
            if isServed {
                $0.requestsByPath[path, default: 0] += 1
            } else {
                $0.otherRequests += 1
            }
        }
    }

    func recordServiceUnavailable() {
        state.withLock { $0.serviceUnavailableResponses += 1 }
    }

    func recordCutBody() {
        state.withLock { $0.cutBodies += 1 }
    }

    func recordBodyBytes(_ count: Int) {
        state.withLock { $0.bodyBytesSent += count }
    }
}
