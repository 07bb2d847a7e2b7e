package import Foundation

/// Blocks until `condition` holds, checking it every 10 ms: for tests of state that changes
/// without a callback to wait on.
///
/// - Throws: ``WaitTimeout`` naming `description` when `timeout` passes first (a test that
///   throws fails with that message).
package func waitUntil(
    _ description: String,
    timeout: TimeInterval = Polling.patience,
    _ condition: () throws -> Bool
) throws {
    guard try Polling.wait(for: timeout, until: condition) else {
        throw WaitTimeout(waitingUntil: description, seconds: timeout)
    }
}

/// Suspends until `condition` holds, checking it every 20 ms: ``waitUntil(_:timeout:_:)`` for
/// async tests, which must not block their thread (an async caller gets this one).
///
/// - Throws: ``WaitTimeout`` naming `description` when `timeout` passes first, or
///   `CancellationError` when the task is cancelled.
package func waitUntil(
    _ description: String,
    timeout: TimeInterval = Polling.patience,
    _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + .seconds(timeout)
    while try !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimeout(waitingUntil: description, seconds: timeout) }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// A wait of ``waitUntil(_:timeout:_:)`` that ran out of time.
package struct WaitTimeout: Error, CustomStringConvertible, LocalizedError {
    /// "Timed out after 30 s waiting until …".
    package let description: String

    /// The message, for Foundation's error reporting (and so XCTest's).
    package var errorDescription: String? { description }

    /// A timeout of a wait for `description` that lasted `seconds`.
    package init(waitingUntil description: String, seconds: TimeInterval) {
        self.description = "Timed out after \(String(format: "%g", seconds)) s waiting until \(description)"
    }
}
