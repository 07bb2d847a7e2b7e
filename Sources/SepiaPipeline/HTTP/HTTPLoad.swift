import AsyncHTTPClient
import Foundation
import NIOCore
import SepiaOperations

/// One download by ``HTTPLoader``, through all its attempts; cancel it to stop it at once.
///
/// Cancelling cancels the running request, which closes its connection, or the wait before
/// the next attempt, and reports `.cancelled`.
public final class HTTPLoad: Sendable {
    /// The URL being downloaded.
    public let url: URL

    private struct State {
        var attempt = 0
        var task: HTTPClient.Task<Data>?
        var isWaitingToRetry = false
        var isCancelled = false
        /// Dropped once called: the caller's closure usually holds whoever holds this load.
        var completion: (@Sendable (Result<Data, HTTPLoadError>) -> Void)?
        var random = SystemRandomNumberGenerator()
    }

    private let limit: Int
    /// The loader's client, started on first use; nil once the loader is shut down.
    private let client: @Sendable () -> HTTPClient?
    private let configuration: HTTPLoaderConfiguration
    private let progress: (@Sendable (Int, Int?) -> Void)?
    private let state: Locked<State>

    init(
        url: URL, limit: Int, client: @escaping @Sendable () -> HTTPClient?, configuration: HTTPLoaderConfiguration,
        progress: (@Sendable (Int, Int?) -> Void)?,
        completion: @escaping @Sendable (Result<Data, HTTPLoadError>) -> Void
    ) {
        self.url = url
        self.limit = limit
        self.client = client
        self.configuration = configuration
        self.progress = progress
        state = Locked(State(completion: completion))
    }

    /// How many attempts have started so far.
    public var attempts: Int { state.withLock { $0.attempt } }

    /// Stops the download; the completion reports `.cancelled` unless it already ran.
    public func cancel() {
        let (task, waiting) = state.withLock { state -> (HTTPClient.Task<Data>?, Bool) in
            state.isCancelled = true
            return (state.task, state.isWaitingToRetry)
        }
        task?.cancel()
        // A wait between attempts ends now; the scheduled attempt will see the cancel.
        if waiting { finish(.failure(.cancelled)) }
    }

    func start() {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let request = try? HTTPClient.Request(url: url.absoluteString)
        else {
            finish(.failure(.unsupportedURL(url.absoluteString)))
            return
        }
        guard let client = client() else {
            finish(.failure(.connection("the loader has been shut down")))
            return
        }
        let attempt = state.withLock { state -> Int? in
            guard !state.isCancelled else { return nil }
            state.attempt += 1
            state.isWaitingToRetry = false
            return state.attempt
        }
        guard let attempt else {
            finish(.failure(.cancelled))
            return
        }
        let collector = HTTPBodyCollector(limit: limit, progress: progress)
        let deadline = NIODeadline.now() + .clamped(seconds: configuration.totalTimeout)
        let task = client.execute(request: request, delegate: collector, deadline: deadline)
        let cancelledMeanwhile = state.withLock { state -> Bool in
            state.task = task
            return state.isCancelled
        }
        if cancelledMeanwhile { task.cancel() }
        task.futureResult.whenComplete { result in
            switch result {
            case .success(let data):
                self.finish(.success(data))
            case .failure(let error):
                self.handle(HTTPLoadError(error, configuration: self.configuration), after: attempt)
            }
        }
    }

    /// Schedules another attempt after a transient failure, or reports the failure.
    private func handle(_ failure: HTTPLoadError, after attempt: Int) {
        let delay = state.withLock { state -> TimeInterval? in
            guard !state.isCancelled,
                let delay = configuration.retry.delay(after: failure, attempt: attempt, using: &state.random)
            else { return nil }
            state.task = nil
            state.isWaitingToRetry = true
            return delay
        }
        if let delay {
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { self.start() }
        } else {
            finish(.failure(state.withLock { $0.isCancelled } ? .cancelled : failure))
        }
    }

    /// Calls the completion the first time only, and lets it go.
    private func finish(_ result: Result<Data, HTTPLoadError>) {
        let completion = state.withLock { state -> (@Sendable (Result<Data, HTTPLoadError>) -> Void)? in
            defer { state.completion = nil }
            state.task = nil
            state.isWaitingToRetry = false
            return state.completion
        }
        completion?(result)
    }
}
