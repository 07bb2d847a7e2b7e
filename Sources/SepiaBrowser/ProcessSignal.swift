import Foundation

/// Ending the process by a signal, as its default action would.
enum ProcessSignal {
    /// Dies of `number` (with a core dump where that is its default action): puts its default
    /// action back, unblocks it in this thread and raises it there. The unblocking matters:
    /// the main queue's work runs on GCD worker threads, which block every signal, and a
    /// signal raised there would wait forever. Returns only if the signal's default action does
    /// not end the process.
    static func dieOf(_ number: Int32) {
        signal(number, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, number)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        raise(number)
    }
}
