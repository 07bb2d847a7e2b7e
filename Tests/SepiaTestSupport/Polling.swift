package import Foundation

/// Waiting for state that changes without a callback to wait on: a value read again and again
/// until it is the one waited for or the time is up.
package enum Polling {
    /// How long a wait lasts by default: generous, for a loaded 2-core machine and the thread
    /// sanitizer; nothing waits this long unless it is about to fail.
    package static let patience: TimeInterval = 30

    /// Calls `read` every `interval` until `isDone` accepts what it returned or `timeout`
    /// passes; returns the last value read and whether it was accepted. Reads at least once,
    /// and once more after the time is up.
    package static func read<Value>(
        every interval: TimeInterval,
        for timeout: TimeInterval,
        _ read: () throws -> Value,
        until isDone: (Value) throws -> Bool
    ) rethrows -> (value: Value, isDone: Bool) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let value = try read()
            if try isDone(value) { return (value, true) }
            guard Date() < deadline else { return (value, false) }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// Checks `condition` every `interval` until it holds or `timeout` passes; returns whether
    /// it held.
    @discardableResult
    package static func wait(
        every interval: TimeInterval = 0.01,
        for timeout: TimeInterval = patience,
        until condition: () throws -> Bool
    ) rethrows -> Bool {
        try read(every: interval, for: timeout, condition, until: { $0 }).isDone
    }
}
