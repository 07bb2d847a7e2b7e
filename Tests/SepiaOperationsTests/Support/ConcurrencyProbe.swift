@testable import SepiaOperations

/// Counts how many pieces of work run at the same time, and the most that ever did.
final class ConcurrencyProbe: Sendable {
    private struct Counts: Sendable {
        var current = 0
        var maximum = 0
    }

    private let counts = Locked(Counts())

    var maximum: Int { counts.withLock { $0.maximum } }

    func enter() {
        counts.withLock { counts in
            counts.current += 1
            counts.maximum = max(counts.maximum, counts.current)
        }
    }

    func leave() {
        counts.withLock { $0.current -= 1 }
    }
}
