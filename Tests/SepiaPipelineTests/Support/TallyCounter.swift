import Foundation

/// A counter that many threads may increment at once; tests read it after the threads are done,
/// so that XCTest assertions are made on the test's own thread.
final class TallyCounter: @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
