import Foundation

/// What one of Sepia's own operations does once it has finished and told its queue and
/// dependents: it lets go of the dependents it held and runs the actions that waited for its
/// end, on the thread that finished it.
///
/// The dependents: swift-corelibs-foundation's `Operation` points to its dependents without
/// retaining them and goes through those pointers when it finishes. A dependent that is
/// cancelled while its input still waits (say, in a suspended queue) finishes first, leaves its
/// queue and can be freed; the input finishing later then reads freed memory and crashes (seen
/// as a SIGSEGV in `didChangeValue(forKey: "isFinished")`, under `OperationQueue._schedule`).
/// Darwin's Foundation retains dependents itself.
///
/// The actions: `completionBlock`, Linux's only other end-of-operation hook, is sent to a global
/// queue, so each one wakes a thread; an action here runs on the finishing thread instead.
final class FinishHooks: Sendable {
    private struct State: @unchecked Sendable {
        // @unchecked Sendable: the operations are only held, never touched, and only under the lock.
        var dependents: [Operation] = []
        var actions: [@Sendable () -> Void] = []
        var hasFired = false
    }

    private let state = Locked(State())

    /// Holds `dependent` until ``fire()``; does nothing once fired (a finished operation no
    /// longer points to its dependents).
    func keep(_ dependent: Operation) {
        state.withLock { state in
            if !state.hasFired { state.dependents.append(dependent) }
        }
    }

    /// Runs `action` in ``fire()``, or at once on this thread when that has happened.
    func afterFinishInline(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if !state.hasFired { state.actions.append(action) }
            return state.hasFired
        }
        if runNow { action() }
    }

    /// Lets the dependents go and runs the actions, with no lock held, once the operation's
    /// finish has been announced to its queue and dependents. Later calls do nothing.
    func fire() {
        let (released, actions) = state.withLock { state -> ([Operation], [@Sendable () -> Void]) in
            guard !state.hasFired else { return ([], []) }
            state.hasFired = true
            defer {
                state.dependents = []
                state.actions = []
            }
            return (state.dependents, state.actions)
        }
        actions.forEach { $0() }
        withExtendedLifetime(released) {}
    }
}
