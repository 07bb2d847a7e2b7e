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

    /// Runs `body` with `options` whose ``ImageDecodingOptions/memoryAdmission`` is a new
    /// reservation on `budget` (`options` as they are without a budget), and gives back what
    /// it reserved when `body` returns or throws: a step's decode holds its bytes until the step
    /// ends, its images freed or handed over.
    static func decoding<Result>(
        with options: ImageDecodingOptions, budget: MemoryBudget?, check: CancellationCheck?,
        _ body: (ImageDecodingOptions) throws -> Result
    ) rethrows -> Result {
        guard let budget else { return try body(options) }
        let reservation = MemoryReservation(budget: budget, check: check)
        defer { reservation.release() }
        var reserving = options
        reserving.memoryAdmission = MemoryAdmissionHook(reservation)
        return try body(reserving)
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
