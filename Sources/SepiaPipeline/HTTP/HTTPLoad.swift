import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1
import SepiaOperations

/// One download by ``HTTPLoader``, through all its attempts and redirects; cancel it to stop
/// it at once.
///
/// Cancelling cancels the running request, which closes its connection, or the wait before
/// the next attempt (a `Retry-After` included), and reports `.cancelled`.
///
/// Redirects are followed here rather than by AsyncHTTPClient, so that each hop is checked
/// (never from https down to http, never to another scheme) and goes through the proxy its
/// own URL calls for.
///
/// Each attempt and hop is checked against the configuration's ``DestinationPolicy``, when it
/// has one, before it connects: to a checked address, or refused with
/// ``HTTPLoadError/refusedDestination(host:address:reach:allowed:)``.
///
/// Each direct attempt and hop asks the loader's circuit breaker of its host:port first
/// (``CircuitBreakerPolicy``): a host that failed too many connections in a row fails the
/// attempt at once with ``HTTPLoadError/hostUnavailable(host:failures:cause:)``, and every
/// attempt let through reports whether its connection opened.
public final class HTTPLoad: Sendable {
    /// The URL being downloaded.
    public let url: URL

    private struct State {
        var attempt = 0
        /// The URLs requested so far, the current one last (redirects add to it).
        var visited: [URL]
        var task: HTTPClient.Task<HTTPExchange>?
        var isWaitingToRetry = false
        var isCancelled = false
        /// Dropped once called: the caller's closure usually holds whoever holds this load.
        var completion: (@Sendable (Result<HTTPResource, HTTPLoadError>) -> Void)?
        var random = SystemRandomNumberGenerator()
    }

    private let limit: Int
    private let validators: HTTPCacheHeaders?
    /// The loader's client for a proxy (nil: direct), started on first use; nil once the
    /// loader is shut down.
    private let client: @Sendable (ProxyServer?) -> HTTPClient?
    /// The loader's circuit breakers, asked before each direct connection.
    private let breakers: HostCircuitBreakers
    private let configuration: HTTPLoaderConfiguration
    private let progress: (@Sendable (Int, Int?) -> Void)?
    private let partialBody: PartialBodyObserver?
    private let state: Locked<State>

    init(
        url: URL, validators: HTTPCacheHeaders?, limit: Int, client: @escaping @Sendable (ProxyServer?) -> HTTPClient?,
        breakers: HostCircuitBreakers, configuration: HTTPLoaderConfiguration, progress: (@Sendable (Int, Int?) -> Void)?,
        partialBody: PartialBodyObserver? = nil, completion: @escaping @Sendable (Result<HTTPResource, HTTPLoadError>) -> Void
    ) {
        self.url = url
        self.validators = validators?.hasValidators == true ? validators : nil
        self.limit = limit
        self.client = client
        self.breakers = breakers
        self.configuration = configuration
        self.progress = progress
        self.partialBody = partialBody
        state = Locked(State(visited: [url], completion: completion))
    }

    /// How many attempts have started so far (redirects not counted).
    public var attempts: Int { state.withLock { $0.attempt } }

    /// Stops the download; the completion reports `.cancelled` unless it already ran.
    public func cancel() {
        let (task, waiting) = state.withLock { state -> (HTTPClient.Task<HTTPExchange>?, Bool) in
            state.isCancelled = true
            return (state.task, state.isWaitingToRetry)
        }
        task?.cancel()
        // A wait between attempts ends now; the scheduled attempt will see the cancel.
        if waiting { finish(.failure(.cancelled)) }
    }

    /// Starts the first attempt.
    func start() {
        send(to: url, countingAttempt: true)
    }

    /// Requests `target`: a new attempt, or the next hop of a redirect.
    private func send(to target: URL, countingAttempt: Bool) {
        guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let request = makeRequest(for: target, route: .asGiven)
        else {
            finish(.failure(.unsupportedURL(target.absoluteString)))
            return
        }
        let proxy = configuration.proxies.proxy(for: target)
        guard let client = client(proxy) else {
            finish(.failure(.connection("the loader has been shut down")))
            return
        }
        let attempt = state.withLock { state -> Int? in
            guard !state.isCancelled else { return nil }
            if countingAttempt { state.attempt += 1 }
            state.isWaitingToRetry = false
            return state.attempt
        }
        guard let attempt else {
            finish(.failure(.cancelled))
            return
        }
        // Through a proxy the connection is the proxy's, whose failures are final anyway.
        let ticket: HostCircuitBreakers.Ticket?
        if proxy == nil {
            switch breakers.admit(Self.circuitKey(of: target)) {
            case .success(let admitted): ticket = admitted
            case .failure(let refusal): return finish(.failure(refusal))
            }
        } else {
            ticket = nil
        }
        guard let policy = configuration.destinationPolicy else {
            return execute(target, request: request, client: client, proxy: proxy, ticket: ticket, attempt: attempt)
        }
        policy.route(target, isSource: policy.trusts(url), throughProxy: proxy != nil) { decision in
            switch decision {
            case .success(.asGiven):
                self.execute(target, request: request, client: client, proxy: proxy, ticket: ticket, attempt: attempt)
            case .success(let route):
                guard let pinned = self.makeRequest(for: target, route: route) else {
                    if let ticket { self.breakers.record(.unknown, for: ticket) }
                    return self.finish(.failure(.unsupportedURL(target.absoluteString)))
                }
                self.execute(target, request: pinned, client: client, proxy: proxy, ticket: ticket, attempt: attempt)
            case .failure(let refusal):
                if let ticket { self.breakers.record(refusal.connectionOutcome, for: ticket) }
                self.handle(refusal, after: attempt, of: target)
            }
        }
    }

    /// Sends attempt number `attempt` at `target` as `request` and handles its outcome.
    private func execute(
        _ target: URL, request: HTTPClient.Request, client: HTTPClient, proxy: ProxyServer?, ticket: HostCircuitBreakers.Ticket?,
        attempt: Int
    ) {
        let collector = HTTPBodyCollector(
            limit: limit, isConditional: validators != nil, progress: progress, partialBody: partialBody)
        let deadline = NIODeadline.now() + .clamped(seconds: configuration.totalTimeout)
        let task = client.execute(request: request, delegate: collector, deadline: deadline)
        let cancelledMeanwhile = state.withLock { state -> Bool in
            state.task = task
            return state.isCancelled
        }
        if cancelledMeanwhile { task.cancel() }
        task.futureResult.whenComplete { result in
            switch result {
            case .success(.resource(let resource)):
                if let ticket { self.breakers.record(.connected, for: ticket) }
                self.finish(.success(resource))
            case .success(.redirect(let location)):
                if let ticket { self.breakers.record(.connected, for: ticket) }
                self.follow(location, from: target)
            case .failure(let error):
                let failure = HTTPLoadError(error, host: target.host, configuration: self.configuration, proxy: proxy)
                if let ticket { self.breakers.record(failure.connectionOutcome, for: ticket) }
                self.handle(failure, after: attempt, of: target)
            }
        }
    }

    /// The circuit breaker's key for `target`: its host and port, "[::1]:443" for IPv6.
    static func circuitKey(of target: URL) -> String {
        let host = (target.host ?? "").lowercased()
        let port = target.port ?? (target.scheme?.lowercased() == "https" ? 443 : 80)
        return host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The GET request for `target` along `route`, with Sepia's headers and the validators, if any.
    private func makeRequest(for target: URL, route: DestinationRoute) -> HTTPClient.Request? {
        guard let url = route.requestURL(for: target) else { return nil }
        var headers = HTTPHeaders()
        if let host = route.hostHeader(for: target) { headers.add(name: "Host", value: host) }
        headers.add(name: "User-Agent", value: configuration.userAgent)
        headers.add(name: "Accept", value: HTTPRequestHeaders.accept)
        headers.add(name: "Accept-Encoding", value: HTTPRequestHeaders.acceptEncoding)
        if let entityTag = validators?.entityTag { headers.add(name: "If-None-Match", value: entityTag) }
        if let lastModified = validators?.lastModified { headers.add(name: "If-Modified-Since", value: lastModified) }
        return try? HTTPClient.Request(url: url.absoluteString, headers: headers)
    }

    /// Where a redirect from `source` to `location` leads, or why Sepia refuses it: a
    /// `Location` that is not a URL, another scheme than http and https, or a step down from
    /// https to http (AsyncHTTPClient would follow that one, and the photo and anything the
    /// request says would travel unencrypted).
    static func redirectTarget(_ location: String, from source: URL) -> Result<URL, HTTPLoadError> {
        guard let target = URL(string: location, relativeTo: source)?.absoluteURL, target.host != nil || target.isFileURL else {
            return .failure(.redirects("the server redirected to \(location), which is not a URL Sepia can follow"))
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return .failure(.redirects("refused a redirect to \(target.absoluteString): only http and https are followed"))
        }
        guard !(source.scheme?.lowercased() == "https" && scheme == "http") else {
            return .failure(.redirects("refused a redirect from https to http (\(target.absoluteString)): it would not be encrypted"))
        }
        return .success(target)
    }

    /// Follows a redirect from `source` to `location`, or fails when it must not be followed.
    private func follow(_ location: String, from source: URL) {
        let target: URL
        switch Self.redirectTarget(location, from: source) {
        case .success(let url): target = url
        case .failure(let refusal): return finish(.failure(refusal))
        }
        let refusal = state.withLock { state -> HTTPLoadError? in
            if state.visited.contains(target) { return .redirects("the redirects go round in a loop") }
            if state.visited.count > configuration.maximumRedirects {
                return .redirects("more than \(configuration.maximumRedirects) redirects")
            }
            state.visited.append(target)
            return nil
        }
        if let refusal {
            finish(.failure(refusal))
        } else {
            send(to: target, countingAttempt: false)
        }
    }

    /// Schedules another attempt at `target` after a transient failure, or reports the failure.
    private func handle(_ failure: HTTPLoadError, after attempt: Int, of target: URL) {
        let retry = configuration.retry
        let delay = state.withLock { state -> TimeInterval? in
            guard !state.isCancelled, let delay = retry.delay(after: failure, attempt: attempt, using: &state.random) else { return nil }
            state.task = nil
            state.isWaitingToRetry = true
            return delay
        }
        if let delay {
            DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { self.send(to: target, countingAttempt: true) }
        } else {
            finish(.failure(state.withLock { $0.isCancelled } ? .cancelled : retry.finalError(for: failure)))
        }
    }

    /// Calls the completion the first time only, and lets it go.
    private func finish(_ result: Result<HTTPResource, HTTPLoadError>) {
        let completion = state.withLock { state -> (@Sendable (Result<HTTPResource, HTTPLoadError>) -> Void)? in
            defer { state.completion = nil }
            state.task = nil
            state.isWaitingToRetry = false
            return state.completion
        }
        completion?(result)
    }
}
