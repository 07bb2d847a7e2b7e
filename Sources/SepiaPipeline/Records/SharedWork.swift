import Foundation
import SepiaOperations

/// One chain of operations in flight and the requests waiting for it. Thread-safe.
///
/// The chain runs at the highest priority of its live requests and is cancelled when the
/// last of them is cancelled ("abandoned"). Lock order: a registry's lock may be held while
/// this takes its own, and this one while a request's is taken, never the other way round.
final class SharedWork<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var requests: [ObjectIdentifier: PhotoRequest<Value>] = [:]
        var result: PhotoResult<Value>?
        var isAbandoned = false
    }

    private let operations: [Operation]
    private let state = Locked(State())
    private let onAbandon: @Sendable (SharedWork<Value>) -> Void

    /// Work made of `operations` (all of them are prioritised and cancelled together).
    /// `onAbandon` runs, with no lock held, when the last request left before a result came.
    init(operations: [Operation], onAbandon: @escaping @Sendable (SharedWork<Value>) -> Void) {
        self.operations = operations
        self.onAbandon = onAbandon
    }

    /// The queue priority the operations run at now.
    var appliedPriority: Operation.QueuePriority? { state.withLock { _ in operations.first?.queuePriority } }

    /// Adds `request` to the requests waiting for the result, or ends it at once when the
    /// result is known.
    /// - Returns: false, leaving `request` alone, when the work was abandoned.
    @discardableResult
    func attach(_ request: PhotoRequest<Value>) -> Bool {
        let (attached, known): (Bool, PhotoResult<Value>?) = state.withLock { state in
            guard !state.isAbandoned else { return (false, nil) }
            guard state.result == nil else { return (true, state.result) }
            state.requests[ObjectIdentifier(request)] = request
            applyHighestPriority(of: state.requests.values)
            return (true, nil)
        }
        if let known { request.finish(with: known) }
        return attached
    }

    /// Withdraws a cancelled request; when it was the last one, abandons the work and
    /// cancels its operations.
    func detach(_ request: PhotoRequest<Value>) {
        let abandons = state.withLock { state -> Bool in
            guard state.requests.removeValue(forKey: ObjectIdentifier(request)) != nil else { return false }
            guard state.requests.isEmpty else {
                applyHighestPriority(of: state.requests.values)
                return false
            }
            guard state.result == nil else { return false }
            state.isAbandoned = true
            return true
        }
        guard abandons else { return }
        onAbandon(self)
        operations.forEach { $0.cancel() }
    }

    /// Re-applies the highest priority after a request's priority changed.
    func updatePriority() {
        state.withLock { state in applyHighestPriority(of: state.requests.values) }
    }

    /// Ends every waiting request with `result`; later requests that attach get it at once.
    func complete(with result: PhotoResult<Value>) {
        let waiting: [PhotoRequest<Value>] = state.withLock { state in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.requests = [:] }
            return Array(state.requests.values)
        }
        waiting.forEach { $0.finish(with: result) }
    }

    private func applyHighestPriority(of requests: some Collection<PhotoRequest<Value>>) {
        guard let highest = requests.map(\.priority).max(by: { $0.rawValue < $1.rawValue }) else { return }
        for operation in operations where operation.queuePriority != highest {
            operation.queuePriority = highest
        }
    }
}
