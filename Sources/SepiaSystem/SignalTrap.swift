package import Dispatch
import Foundation
import SepiaOperations

/// Turns signals (by default SIGINT, from Ctrl-C, and SIGTERM) into calls on a dispatch queue
/// instead of their default action, so a program can stop cleanly; ``release()`` stops that.
///
/// The trap is in place when the initialiser returns. Several traps may hold the same signal
/// at once (each gets its calls): the signal stays trapped until the last of them is
/// released, and then does what it did before the first trap. Signals of one kind that
/// arrive together may be merged into one call, as the kernel merges them.
package final class SignalTrap: Sendable {
    private let number: Int
    private let isReleased = Locked(false)

    /// Calls `handler` with the signal's number on `queue` each time one of `signals` arrives.
    package init(_ signals: [Int32] = [SIGINT, SIGTERM], queue: DispatchQueue = .global(), handler: @escaping (Int32) -> Void) {
        number = TrappedSignals.add(signals, queue: queue, handler: handler)
    }

    /// Stops trapping: the handler is not called again, and a signal no other trap holds does
    /// what it did before it was first trapped (its default action, unless the program had
    /// set another). Later calls do nothing.
    package func release() {
        isReleased.withLock { isReleased in
            guard !isReleased else { return }
            isReleased = true
            TrappedSignals.remove(number)
        }
    }
}

extension SignalTrap {
    /// Waits until one of `signals` arrives, trapped meanwhile, and returns its number; the
    /// trap is released before this returns.
    package static func next(of signals: [Int32] = [SIGINT, SIGTERM]) async -> Int32 {
        /// The waiter, or the signal that came before it: whichever is second resumes.
        struct Meeting: Sendable {
            var waiter: CheckedContinuation<Int32, Never>?
            var arrived: Int32?
        }
        let meeting = Locked(Meeting())
        let trap = SignalTrap(signals) { number in
            let waiter = meeting.withLock { meeting -> CheckedContinuation<Int32, Never>? in
                guard let waiter = meeting.waiter else {
                    meeting.arrived = meeting.arrived ?? number
                    return nil
                }
                meeting.waiter = nil
                return waiter
            }
            waiter?.resume(returning: number)
        }
        defer { trap.release() }
        return await withCheckedContinuation { continuation in
            let arrived = meeting.withLock { meeting -> Int32? in
                if meeting.arrived == nil { meeting.waiter = continuation }
                return meeting.arrived
            }
            if let arrived { continuation.resume(returning: arrived) }
        }
    }
}
