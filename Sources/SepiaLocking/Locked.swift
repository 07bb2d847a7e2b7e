import Foundation

/// A value that is only read and written while a lock is held.
///
/// Not `Synchronization.Mutex`: on Linux with Swift 6.3.1 the thread sanitizer does not see its
/// lock (the standard library is not instrumented), so every access under a `Mutex` is reported
/// as a race (eight threads adding 10,000 each under one `Mutex`: the total is right, and TSan
/// reports "Swift access race"), which would hide real races in `scripts/test`. An `NSLock` is a
/// pthread mutex, which the sanitizer intercepts. Never call back into code that may take the
/// same lock from inside `withLock`.
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
