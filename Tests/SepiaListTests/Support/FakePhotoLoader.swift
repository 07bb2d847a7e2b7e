import Dispatch
import Foundation
import SepiaImaging
import SepiaOperations

@testable import SepiaList
@testable import SepiaPipeline

/// A request the loader was asked for, and the task the test ends by hand with
/// ``complete(with:)``.
final class FakePhotoRequest: Sendable {
    enum Kind: Equatable {
        case original, processed
    }

    let url: URL
    let kind: Kind
    /// The processing asked for (what a processed request's photo goes through).
    let processing: PhotoProcessing
    let task: PhotoTask<RGBAImage>

    init(_ request: PhotoRequest, kind: Kind) {
        url = request.url
        self.kind = kind
        processing = request.processing
        task = PhotoTask(owner: nil, priority: request.priority)
    }

    var priority: PhotoPriority { task.priority }

    var isCancelled: Bool { task.result?.isCancelled ?? false }

    /// Ends the task as the pipeline would: each handler runs on its queue. Only the first
    /// call counts.
    func complete(with result: Result<RGBAImage, PhotoError>) {
        task.finish(with: result)
    }
}

/// A loader that records what it was asked for and lets the test decide how each request ends.
final class FakePhotoLoader: PhotoListLoading, Sendable {
    private let log = Locked<[FakePhotoRequest]>([])
    let downloadQueue = CountedQueue(configuration: .download())
    let filtrationQueue = CountedQueue(configuration: .filtration())

    /// Every request made, oldest first.
    var requests: [FakePhotoRequest] { log.withLock { $0 } }
    var isSuspended: Bool { downloadQueue.isSuspended && filtrationQueue.isSuspended }

    func pendingTasks<Key: Hashable & Sendable>(keyedBy key: Key.Type) -> PendingOperations<Key, PhotoTask<RGBAImage>> {
        PendingOperations(queues: [downloadQueue, filtrationQueue])
    }

    /// The requests of `kind` made for `url`, oldest first.
    func requests(_ kind: FakePhotoRequest.Kind, for url: URL) -> [FakePhotoRequest] {
        requests.filter { $0.kind == kind && $0.url == url }
    }

    func original(for request: PhotoRequest) -> PhotoTask<RGBAImage> {
        record(FakePhotoRequest(request, kind: .original))
    }

    func task(for request: PhotoRequest) -> PhotoTask<RGBAImage> {
        record(FakePhotoRequest(request, kind: .processed))
    }

    private func record(_ request: FakePhotoRequest) -> PhotoTask<RGBAImage> {
        log.withLock { $0.append(request) }
        return request.task
    }
}

/// A clock the test moves by hand; due actions run on the main actor, as the controller requires.
@MainActor
final class ManualListScheduler: ListScheduler {
    private final class Action: ScheduledAction {
        let due: TimeInterval
        let body: @MainActor () -> Void
        var isCancelled = false

        init(due: TimeInterval, body: @escaping @MainActor () -> Void) {
            self.due = due
            self.body = body
        }

        func cancel() {
            isCancelled = true
        }
    }

    private var now: TimeInterval = 0
    private var actions: [Action] = []

    func schedule(after delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        let scheduled = Action(due: now + delay, body: action)
        actions.append(scheduled)
        return scheduled
    }

    /// Moves the clock on and runs the actions that fell due.
    func advance(by seconds: TimeInterval) {
        now += seconds
        let due = actions.filter { $0.due <= now }
        actions.removeAll { $0.due <= now }
        for action in due where !action.isCancelled { action.body() }
    }
}
