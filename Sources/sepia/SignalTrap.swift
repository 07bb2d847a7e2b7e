import Dispatch
import Foundation

/// Turns SIGINT (Ctrl-C) and SIGTERM into a call on a dispatch queue instead of the default
/// exit, so a command can stop cleanly; ``release()`` restores the default behaviour.
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    /// Calls `handler` on a global queue each time one of `signals` arrives.
    init(_ signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable () -> Void) {
        self.signals = signals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    /// Stops trapping; the signals kill the process again.
    func release() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
