import Foundation

/// Ending the process by a signal, as its default action would.
enum ProcessSignal {
    /// Dies of `number` (with a core dump where that is its default action): puts its default
    /// action back and raises it. Returns only if the signal's default action does not end
    /// the process.
    static func dieOf(_ number: Int32) {
        signal(number, SIG_DFL)
        raise(number)
    }
}
