import Foundation
import SepiaOperations

/// The work in flight per key, so that equal requests share one chain of operations.
/// Thread-safe.
///
/// A key's work is forgotten when its chain finishes (after its value was stored) or when
/// every task for it was cancelled, so the next request for the key starts afresh.
final class InFlightRegistry<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let works = Locked<[Key: SharedWork<Value>]>([:])
    private let store: @Sendable (Key, Value) -> Void

    /// A registry whose photos are handed to `store` (a cache) before the tasks waiting for
    /// them hear of it.
    init(store: @escaping @Sendable (Key, Value) -> Void) {
        self.store = store
    }

    /// The number of keys with work in flight.
    var count: Int { works.withLock { $0.count } }

    /// A task for `key`: it joins the work in flight for `key`, or finishes at once with the
    /// value `cached` finds, or new work is made and `start` starts it (with no lock held),
    /// normally by giving it a chain of operations (``SharedWork/run(_:)``).
    ///
    /// All three are decided under one lock: a chain stores its value (through `store`) before
    /// it is forgotten here, so a request never misses both the work and its value and
    /// downloads a second time.
    func task(
        for key: Key, priority: PhotoPriority, cached: (Key) -> Value?, start: (SharedWork<Value>) -> Void
    ) -> PhotoTask<Value> {
        let store = store
        let (task, started) = works.withLock { works -> (PhotoTask<Value>, SharedWork<Value>?) in
            if let work = works[key] {
                let task = PhotoTask<Value>(owner: work, priority: priority)
                if work.attach(task) { return (task, nil) }
            }
            if let value = cached(key) {
                return (PhotoTask(finished: .success(value), priority: priority), nil)
            }
            let work = SharedWork<Value>(store: { store(key, $0) }) { [weak self] ended in
                self?.forget(ended, key: key)
            }
            let task = PhotoTask<Value>(owner: work, priority: priority)
            work.attach(task)
            works[key] = work
            return (task, work)
        }
        if let started { start(started) }
        return task
    }

    /// Removes `work` unless newer work replaced it under `key`.
    private func forget(_ work: SharedWork<Value>, key: Key) {
        works.withLock { works in
            if works[key] === work { works[key] = nil }
        }
    }
}
