import Foundation
import SepiaOperations
import SepiaSystem

/// What the benchmark must undo when it is interrupted (Ctrl-C, SIGTERM, SIGHUP): the tmux
/// servers and the `sepia serve` it runs (a tmux server runs on after its client is gone) and
/// its scratch folder. Each is registered while it exists; an interruption undoes the latest
/// first, as `defer` would have.
final class InterruptionCleanup: @unchecked Sendable {
    // @unchecked Sendable: `undoings` and `nextKey` are only touched under `lock`.
    private let lock = NSLock()
    private var undoings: [Int: () -> Void] = [:]
    private var nextKey = 0

    /// Remembers how to undo something that exists now; returns the key that ``remove(_:)``
    /// takes once it is undone.
    func add(_ undo: @escaping () -> Void) -> Int {
        lock.withLock {
            nextKey += 1
            undoings[nextKey] = undo
            return nextKey
        }
    }

    /// Forgets what `key` names: it was undone.
    func remove(_ key: Int) {
        _ = lock.withLock { undoings.removeValue(forKey: key) }
    }

    /// Traps Ctrl-C, SIGTERM and SIGHUP: each undoes everything still registered and exits
    /// with status 130. Release the trap when the benchmark is done.
    func undoAllWhenInterrupted() -> SignalTrap {
        SignalTrap([SIGINT, SIGTERM, SIGHUP]) { [self] _ in
            FileHandle.standardError.write(Data("\nsepia-bench browse: interrupted\n".utf8))
            let latestFirst = lock.withLock { undoings.sorted { $0.key > $1.key }.map(\.value) }
            latestFirst.forEach { $0() }
            exit(130)
        }
    }
}
