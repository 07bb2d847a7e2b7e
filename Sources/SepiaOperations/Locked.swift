import Foundation

/// A value that is only read and written while a lock is held, shared by reference.
///
/// Types keep their own state in a `Synchronization.Mutex`; this class is for state that
/// several closures capture (a countdown shared by a chain's handlers, a test's tally), which a
/// `Mutex` cannot be, being non-copyable. Never call back into code that may take the same
/// lock from inside `withLock`.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
