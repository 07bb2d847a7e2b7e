public import Foundation
import SepiaOperations

/// A loader that starts at most `requestsPerSecond` requests a second through another loader:
/// `sepia process --max-rate`, so that the N tasks of a sharded batch ask an origin for at most
/// N × that rate in all.
///
/// Requests are spaced evenly (one every `1 / requestsPerSecond` seconds, no bursts), in the
/// order they are asked for; a request waiting for its turn holds no thread, and cancelling
/// it ends it at once with ``PhotoError/cancelled``.
public struct PacedLoader: PhotoDataLoading {
    private let base: any PhotoDataLoading
    private let interval: Duration
    private let nextStart = Locked<ContinuousClock.Instant?>(nil)

    /// Paces `base` to `requestsPerSecond` (above 0) request starts a second.
    public init(_ base: any PhotoDataLoading, requestsPerSecond: Double) {
        precondition(requestsPerSecond > 0 && requestsPerSecond.isFinite, "a rate above 0")
        self.base = base
        interval = .nanoseconds(Int64((1e9 / requestsPerSecond).rounded()))
    }

    public var maximumBodySize: Int { base.maximumBodySize }

    public func loadData(
        from url: URL,
        limit: Int?,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?,
        completion: @escaping @Sendable (Result<Data, PhotoError>) -> Void
    ) -> any CancellableLoad {
        paced(completion) { base.loadData(from: url, limit: limit, progress: progress, completion: completion) }
    }

    public func loadResource(
        from url: URL,
        revalidating cached: HTTPCacheHeaders?,
        limit: Int?,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?,
        partialBody: PartialBodyObserver?,
        completion: @escaping @Sendable (Result<HTTPResource, PhotoError>) -> Void
    ) -> any CancellableLoad {
        paced(completion) {
            base.loadResource(
                from: url, revalidating: cached, limit: limit, progress: progress, partialBody: partialBody, completion: completion)
        }
    }

    /// Runs `start` at the next free slot; a cancel before then calls `completion` with `.cancelled`.
    private func paced<Value>(
        _ completion: @escaping @Sendable (Result<Value, PhotoError>) -> Void,
        start: @escaping @Sendable () -> any CancellableLoad
    ) -> any CancellableLoad {
        let now = ContinuousClock.now
        let slot = nextStart.withLock { next in
            let slot = max(now, next ?? now)
            next = slot + interval
            return slot
        }
        let load = PacedLoad()
        guard slot > now else {
            load.begin(start)
            return load
        }
        load.onCancelWhileWaiting { completion(.failure(.cancelled)) }
        let wait = now.duration(to: slot).components
        let nanoseconds = Int(wait.seconds) * 1_000_000_000 + Int(wait.attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            load.begin(start)
        }
        return load
    }
}

/// One request of a ``PacedLoader``: waiting for its turn, starting, started, or cancelled.
private final class PacedLoad: CancellableLoad {
    private enum Phase {
        case waiting(onCancel: (@Sendable () -> Void)?)
        case starting
        case started(any CancellableLoad)
        case cancelled
    }

    private let phase = Locked<Phase>(.waiting(onCancel: nil))

    /// What a cancel calls while the request still waits (the completion, with `.cancelled`).
    func onCancelWhileWaiting(_ handler: @escaping @Sendable () -> Void) {
        phase.withLock { $0 = .waiting(onCancel: handler) }
    }

    /// Starts the request, unless it was cancelled while waiting. A cancel while `start` runs
    /// is passed on to the started load, which then reports it.
    func begin(_ start: () -> any CancellableLoad) {
        let mayStart = phase.withLock { phase in
            guard case .waiting = phase else { return false }
            phase = .starting
            return true
        }
        guard mayStart else { return }
        let started = start()
        let cancelledMeanwhile = phase.withLock { phase in
            if case .cancelled = phase { return true }
            phase = .started(started)
            return false
        }
        if cancelledMeanwhile { started.cancel() }
    }

    func cancel() {
        let previous = phase.withLock { phase in
            defer { phase = .cancelled }
            return phase
        }
        switch previous {
        case .waiting(let onCancel): onCancel?()
        case .started(let load): load.cancel()
        case .starting, .cancelled: break
        }
    }
}
