import Foundation

/// A value that is only read and written while a lock is held.
///
/// `Synchronization.Mutex` would do the same job, but it needs macOS 15 and the package
/// still declares macOS 13. Never call back into code that may take the same lock from
/// inside `withLock`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
