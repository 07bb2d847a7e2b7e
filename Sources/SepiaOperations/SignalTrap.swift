import Dispatch
import Foundation

/// Turns signals (by default SIGINT, from Ctrl-C, and SIGTERM) into calls on a dispatch queue
/// instead of their default action, so a program can stop cleanly; ``release()`` restores
/// the default behaviour.
public final class SignalTrap {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    /// Calls `handler` with the signal's number on `queue` each time one of `signals` arrives.
    public init(_ signals: [Int32] = [SIGINT, SIGTERM], queue: DispatchQueue = .global(), handler: @escaping (Int32) -> Void) {
        self.signals = signals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Stops trapping; the signals have their default action again.
    public func release() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
