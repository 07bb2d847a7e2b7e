import Foundation
import SepiaOperations

/// The work in flight per key, so that equal requests share one chain of operations.
/// Thread-safe.
///
/// A key's work is forgotten when its chain finishes (after its value was stored) or when
/// every request for it was cancelled, so the next request for the key starts afresh.
final class InFlightRegistry<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let works = Locked<[Key: SharedWork<Value>]>([:])
    private let store: @Sendable (Key, Value) -> Void

    /// A registry whose successful results are handed to `store` (a cache) before the
    /// requests waiting for them hear of it.
    init(store: @escaping @Sendable (Key, Value) -> Void) {
        self.store = store
    }

    /// The number of keys with work in flight.
    var count: Int { works.withLock { $0.count } }

    /// A request for `key`: it joins the work in flight for `key`, or finishes at once with the
    /// value `cached` finds, or `makeChain` builds a new chain, which is started here.
    ///
    /// All three are decided under one lock: a chain stores its value (through `store`) before
    /// it is forgotten here, so a request never misses both the work and its value and
    /// downloads a second time.
    func request(
        for key: Key, priority: Operation.QueuePriority, cached: (Key) -> Value?, makeChain: () -> WorkChain<Value>
    ) -> PhotoRequest<Value> {
        let (request, started) = works.withLock { works -> (PhotoRequest<Value>, (SharedWork<Value>, WorkChain<Value>)?) in
            if let work = works[key] {
                let request = PhotoRequest(waitingFor: work, priority: priority)
                if work.attach(request) { return (request, nil) }
            }
            if let value = cached(key) {
                return (PhotoRequest(finished: .success(value), priority: priority), nil)
            }
            let chain = makeChain()
            let work = SharedWork<Value>(operations: chain.steps.map(\.operation)) { [weak self] abandoned in
                self?.forget(abandoned, key: key)
            }
            let request = PhotoRequest(waitingFor: work, priority: priority)
            work.attach(request)
            works[key] = work
            return (request, (work, chain))
        }
        if let (work, chain) = started { start(chain, of: work, key: key) }
        return request
    }

    private func start(_ chain: WorkChain<Value>, of work: SharedWork<Value>, key: Key) {
        chain.last.onFinish(on: .global()) { [weak self, weak work] result in
            let result = PhotoResult(result)
            if let self, case .success(let value) = result { store(key, value) }
            guard let work else { return }
            work.complete(with: result)
            self?.forget(work, key: key)
        }
        for step in chain.steps {
            step.queue.addOperation(step.operation)
        }
    }

    /// Removes `work` unless newer work replaced it under `key`.
    private func forget(_ work: SharedWork<Value>, key: Key) {
        works.withLock { works in
            if works[key] === work { works[key] = nil }
        }
    }
}
