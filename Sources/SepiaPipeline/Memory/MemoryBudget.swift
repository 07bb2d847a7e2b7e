import Foundation
import SepiaOperations

/// Bytes of decoded images that concurrent decodes may hold at once, shared by a batch's
/// transcode steps (``PhotoPipelineConfiguration/memoryBudget``).
///
/// A decode reserves its bytes before it allocates them and gives them back when its step ends.
/// Reservations are granted in the order they were asked: one that does not fit waits, and so
/// do those behind it, so a large photo is never starved by a stream of small ones. A
/// reservation larger than the whole capacity is granted when nothing else is reserved, and
/// then runs alone. Waiting blocks the caller's thread, which is safe on the filtration queue as
/// long as no step waits while it holds a reservation (`MemoryReservation` grants a second
/// admission at once): every holder is running, and ends.
public final class MemoryBudget: @unchecked Sendable {
    // @unchecked Sendable: `capacity` is immutable; `state` is only read and written while
    // `condition` is locked.
    /// The bytes reservations may hold together.
    public let capacity: Int
    private let condition = NSCondition()
    private var state = State()

    private struct State {
        var reserved = 0
        var peak = 0
        /// The tickets of waiting reservations, first asked first.
        var waiting: [UInt64] = []
        var nextTicket: UInt64 = 0
    }

    /// How often a waiting reservation looks whether its step was cancelled.
    private static let cancellationPoll: TimeInterval = 0.05

    /// A budget of `capacity` bytes (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The bytes reserved now.
    public var reservedBytes: Int { locked { $0.reserved } }

    /// The most bytes ever reserved at once.
    public var peakReservedBytes: Int { locked { $0.peak } }

    /// How many reservations are waiting now.
    var waitingCount: Int { locked { $0.waiting.count } }

    /// Waits until `bytes` fit beside the bytes reserved, in turn, then reserves them.
    ///
    /// - Throws: `CancellationError` when `check` reports a cancellation while it waits;
    ///   nothing is then reserved.
    func reserve(_ bytes: Int, check: CancellationCheck?) throws {
        let bytes = max(0, bytes)
        condition.lock()
        defer { condition.unlock() }
        let ticket = state.nextTicket
        state.nextTicket += 1
        state.waiting.append(ticket)
        while !(state.waiting.first == ticket && fits(bytes)) {
            if check?.isCancelled == true {
                state.waiting.removeAll { $0 == ticket }
                condition.broadcast()  // the next in line may fit now
                throw CancellationError()
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Self.cancellationPoll))
        }
        state.waiting.removeFirst()
        grant(bytes)
        condition.broadcast()  // the next in line may fit too
    }

    /// Reserves `bytes` at once, over the capacity if need be: for a step that already holds a
    /// reservation, which must never wait.
    func reserveWithoutWaiting(_ bytes: Int) {
        condition.lock()
        defer { condition.unlock() }
        grant(max(0, bytes))
    }

    /// Gives back `bytes` reserved earlier and wakes the waiting reservations.
    func release(_ bytes: Int) {
        condition.lock()
        defer { condition.unlock() }
        state.reserved -= max(0, bytes)
        condition.broadcast()
    }

    /// Whether `bytes` may be granted now: they fit, or nothing else is reserved.
    private func fits(_ bytes: Int) -> Bool {
        state.reserved == 0 || bytes <= capacity - state.reserved
    }

    private func grant(_ bytes: Int) {
        state.reserved += bytes
        state.peak = max(state.peak, state.reserved)
    }

    private func locked<Result>(_ body: (inout State) -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }
}
