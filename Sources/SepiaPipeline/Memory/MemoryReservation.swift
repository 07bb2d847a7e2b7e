import SepiaImaging
import SepiaOperations

/// One transcode step's share of a ``MemoryBudget``: the ``MemoryAdmission`` its decoder asks,
/// holding what it admitted until ``release()``.
final class MemoryReservation: MemoryAdmission {
    private let budget: MemoryBudget
    private let check: CancellationCheck?
    private let held = Locked(0)

    /// A reservation of nothing yet from `budget`; a wait for memory ends early when `check`
    /// reports a cancellation.
    init(budget: MemoryBudget, check: CancellationCheck?) {
        self.budget = budget
        self.check = check
    }

    /// Waits for `bytes` in the budget. A reservation that already holds bytes is granted more at
    /// once: waiting while holding could wait forever for itself.
    func admit(bytes: Int) throws {
        if held.withLock({ $0 }) > 0 {
            budget.reserveWithoutWaiting(bytes)
        } else {
            try budget.reserve(bytes, check: check)
        }
        held.withLock { $0 += max(0, bytes) }
    }

    /// Gives everything held back to the budget.
    func release() {
        budget.release(
            held.withLock { held in
                defer { held = 0 }
                return held
            })
    }
}
