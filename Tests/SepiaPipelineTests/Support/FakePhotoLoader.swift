import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations
@testable import SepiaPipeline

/// A request the test ends by hand with ``complete(with:)``.
final class FakePhotoRequest: PhotoLoadingRequest, @unchecked Sendable {
    // @unchecked Sendable: the mutable state is only touched while `lock` is held.
    enum Kind: Equatable {
        case original, processed
    }

    let url: URL
    let kind: Kind
    private let lock = NSLock()
    private var currentPriority: Operation.QueuePriority
    private var ended = false
    private var cancelled = false
    private var handlers: [(DispatchQueue, @Sendable (PhotoResult<RGBAImage>) -> Void)] = []

    init(url: URL, kind: Kind, priority: Operation.QueuePriority) {
        self.url = url
        self.kind = kind
        currentPriority = priority
    }

    var priority: Operation.QueuePriority {
        get { locked { currentPriority } }
        set { locked { currentPriority = newValue } }
    }

    var isCancelled: Bool { locked { cancelled } }

    func onFinish(on queue: DispatchQueue, _ handler: @escaping @Sendable (PhotoResult<RGBAImage>) -> Void) {
        locked { handlers.append((queue, handler)) }
    }

    func cancel() {
        locked { cancelled = true }
        complete(with: .cancelled)
    }

    /// Ends the request as the pipeline would: each handler runs on its queue. Only the first
    /// call counts.
    func complete(with result: PhotoResult<RGBAImage>) {
        let waiting = locked { () -> [(DispatchQueue, @Sendable (PhotoResult<RGBAImage>) -> Void)] in
            guard !ended else { return [] }
            ended = true
            defer { handlers = [] }
            return handlers
        }
        for (queue, handler) in waiting { queue.async { handler(result) } }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// A loader that records what it was asked for and lets the test decide how each request ends.
final class FakePhotoLoader: PhotoLoading, @unchecked Sendable {
    // @unchecked Sendable: the mutable state is only touched while `lock` is held.
    private let lock = NSLock()
    private var log: [FakePhotoRequest] = []
    private var suspended = false
    private var suspensions = 0

    /// Every request made, oldest first.
    var requests: [FakePhotoRequest] { locked { log } }
    var isSuspended: Bool { locked { suspended } }
    var suspensionCount: Int { locked { suspensions } }

    /// The requests of `kind` made for `url`, oldest first.
    func requests(_ kind: FakePhotoRequest.Kind, for url: URL) -> [FakePhotoRequest] {
        requests.filter { $0.kind == kind && $0.url == url }
    }

    func loadOriginal(_ url: URL, decoding: ImageDecodingOptions, priority: Operation.QueuePriority) -> any PhotoLoadingRequest {
        record(FakePhotoRequest(url: url, kind: .original, priority: priority))
    }

    func loadProcessed(
        _ original: RGBAImage, of url: URL, processing: PhotoProcessing, priority: Operation.QueuePriority
    ) -> any PhotoLoadingRequest {
        record(FakePhotoRequest(url: url, kind: .processed, priority: priority))
    }

    func suspend() {
        locked {
            suspended = true
            suspensions += 1
        }
    }

    func resume() {
        locked { suspended = false }
    }

    func downloadProgress(for url: URL) -> DownloadProgress? { nil }

    var queueCounters: [StageCounters] { [] }

    private func record(_ request: FakePhotoRequest) -> FakePhotoRequest {
        locked { log.append(request) }
        return request
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// A clock the test moves by hand; due actions run on `queue`, as the controller requires.
final class ManualListScheduler: ListScheduler, @unchecked Sendable {
    // @unchecked Sendable: the mutable state is only touched while `lock` is held.
    private final class Action: ScheduledAction, @unchecked Sendable {
        let due: TimeInterval
        let body: @Sendable () -> Void
        var isCancelled = false

        init(due: TimeInterval, body: @escaping @Sendable () -> Void) {
            self.due = due
            self.body = body
        }

        func cancel() {
            isCancelled = true
        }
    }

    private let queue: DispatchQueue
    private let lock = NSLock()
    private var now: TimeInterval = 0
    private var actions: [Action] = []

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        lock.lock()
        defer { lock.unlock() }
        let scheduled = Action(due: now + delay, body: action)
        actions.append(scheduled)
        return scheduled
    }

    /// Moves the clock on and runs, on the controller's queue, the actions that fell due.
    func advance(by seconds: TimeInterval) {
        lock.lock()
        now += seconds
        let due = actions.filter { $0.due <= now }
        actions.removeAll { $0.due <= now }
        lock.unlock()
        for action in due {
            queue.sync { if !action.isCancelled { action.body() } }
        }
    }
}
