import Foundation

/// Keeps an operation's dependents alive until the operation has finished and said so.
///
/// swift-corelibs-foundation's `Operation` points to its dependents without retaining them
/// and goes through those pointers when it finishes. A dependent that is cancelled while its
/// input still waits (say, in a suspended queue) finishes first, leaves its queue and can be
/// freed; the input finishing later then reads freed memory and crashes (seen as a SIGSEGV in
/// `didChangeValue(forKey: "isFinished")`, under `OperationQueue._schedule`). Darwin's
/// Foundation retains dependents itself.
final class DependentKeeper: Sendable {
    private struct State: @unchecked Sendable {
        // @unchecked Sendable: the operations are only held, never touched, and only under the lock.
        var dependents: [Operation] = []
        var isReleased = false
    }

    private let state = Locked(State())

    /// Holds `dependent` until ``release()``; does nothing once released (a finished
    /// operation no longer points to its dependents).
    func keep(_ dependent: Operation) {
        state.withLock { state in
            if !state.isReleased { state.dependents.append(dependent) }
        }
    }

    /// Lets the dependents go, once the operation's finish has been announced to its queue
    /// and dependents. Later calls do nothing.
    func release() {
        let released = state.withLock { state -> [Operation] in
            state.isReleased = true
            defer { state.dependents = [] }
            return state.dependents
        }
        withExtendedLifetime(released) {}
    }
}
