import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOSSL
import SepiaOperations

/// Downloads whole bodies over HTTP(S) with AsyncHTTPClient: a fixed set of event-loop
/// threads, pooled connections (a limit per host), timeouts, a size cap, checked redirects,
/// retries of transient failures (honouring `Retry-After`), a circuit breaker per host that
/// fails the downloads of a host that keeps refusing connections at once
/// (``CircuitBreakerPolicy``), gzip and deflate bodies, proxies, and conditional requests for
/// a cache.
///
/// Every request names Sepia in its `User-Agent` and lists the formats it decodes in `Accept`
/// (``HTTPRequestHeaders``). Every download finishes through a callback; nothing blocks a
/// thread while it waits. A client and its connection pool start with the first download
/// that needs them (one for direct connections, one per proxy, since AsyncHTTPClient sets the
/// proxy per client), so a loader that only ever sees local files costs nothing. Call
/// ``shutdown()`` once when done with a loader you made; ``shared`` needs no shutdown.
public final class HTTPLoader: Sendable {
    private enum ClientState {
        /// The clients started so far, by proxy (nil: direct).
        case running([ProxyServer?: HTTPClient])
        case shutDown
    }

    /// The limits this loader applies.
    public let configuration: HTTPLoaderConfiguration
    private let clientState = Locked(ClientState.running([:]))
    /// The circuit breakers of the hosts connected to directly.
    let breakers: HostCircuitBreakers
    /// Whether this is ``shared``, which lives as long as the process.
    private let isShared: Bool

    /// The process's loader, with the default configuration: for code that needs no settings
    /// of its own and no lifecycle code. It lives as long as the process, as AsyncHTTPClient's
    /// `HTTPClient.shared` does: ``shutdown()`` does nothing to it.
    public static let shared = HTTPLoader(configuration: HTTPLoaderConfiguration(), isShared: true)

    /// Makes a loader with its own connection pool on the shared NIO event loops.
    public convenience init(configuration: HTTPLoaderConfiguration = HTTPLoaderConfiguration()) {
        self.init(configuration: configuration, isShared: false)
    }

    private init(configuration: HTTPLoaderConfiguration, isShared: Bool) {
        self.configuration = configuration
        self.isShared = isShared
        breakers = HostCircuitBreakers(policy: configuration.circuitBreaker)
    }

    /// AsyncHTTPClient's settings for a client through `proxy` (nil: direct). Made with the
    /// first client, not by `init`: a client's configuration looks up the tracer among the
    /// instruments (a scan of every protocol conformance of the binary), which a run over local
    /// files does not need.
    private func clientConfiguration(through proxy: ProxyServer?) -> HTTPClient.Configuration {
        // Redirects are followed by `HTTPLoad`, which checks each hop; bodies are decoded by
        // `HTTPContentDecoder`, which counts received bytes for progress and limits the decoded size.
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(
                connect: .clamped(seconds: configuration.connectTimeout),
                read: .clamped(seconds: configuration.readTimeout)
            )
        )
        clientConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = configuration.connectionsPerHost
        // AsyncHTTPClient would retry every connection that fails to open until the connect
        // timeout, a refused certificate too (12 handshakes in the default 5 s): `RetryPolicy`
        // decides instead, and a connection that fails fails the requests waiting for it.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        if !configuration.additionalTrustRoots.isEmpty {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = configuration.additionalTrustRoots.map { .file($0) }
            clientConfiguration.tlsConfiguration = tls
        }
        clientConfiguration.proxy = proxy?.clientProxy
        return clientConfiguration
    }

    /// Whether a client has been started (for tests).
    var hasStartedClient: Bool {
        clientState.withLock { if case .running(let clients) = $0 { !clients.isEmpty } else { false } }
    }

    /// The client for requests through `proxy` (nil: direct), made on first use; nil once the
    /// loader is shut down.
    private func client(through proxy: ProxyServer?) -> HTTPClient? {
        clientState.withLock { state in
            guard case .running(var clients) = state else { return nil }
            if let client = clients[proxy] { return client }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration(through: proxy))
            clients[proxy] = client
            state = .running(clients)
            return client
        }
    }

    /// Starts downloading `url`; `completion` is called exactly once, on an arbitrary thread,
    /// unless the returned load is cancelled first, in which case it reports `.cancelled`.
    ///
    /// - Parameters:
    ///   - limit: the largest body accepted, in bytes; by default the configuration's
    ///     `maximumBodySize`.
    ///   - progress: called with the bytes received so far and the expected total when the
    ///     server announced it.
    public func load(
        _ url: URL,
        limit: Int? = nil,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil,
        completion: @escaping @Sendable (Result<Data, HTTPLoadError>) -> Void
    ) -> HTTPLoad {
        load(url, revalidating: nil, limit: limit, progress: progress) { result in
            completion(
                result.map { resource in
                    guard case .modified(let body, _) = resource else { preconditionFailure("304 to a request without validators") }
                    return body
                })
        }
    }

    /// Starts downloading `url`, conditionally when `cached` holds validators: the request
    /// carries `If-None-Match` and `If-Modified-Since`, and a `304 Not Modified` completes with
    /// ``HTTPResource/notModified(_:)``. Otherwise as ``load(_:limit:progress:completion:)``;
    /// `partialBody` sees the body as it arrives (see ``PartialBodyObserver``), each attempt's
    /// from its start.
    public func load(
        _ url: URL,
        revalidating cached: HTTPCacheHeaders?,
        limit: Int? = nil,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil,
        partialBody: PartialBodyObserver? = nil,
        completion: @escaping @Sendable (Result<HTTPResource, HTTPLoadError>) -> Void
    ) -> HTTPLoad {
        let load = HTTPLoad(
            url: url, validators: cached, limit: limit ?? configuration.maximumBodySize, client: { [self] in client(through: $0) },
            breakers: breakers, configuration: configuration, progress: progress, partialBody: partialBody, completion: completion)
        load.start()
        return load
    }

    /// Closes every connection and stops the loader; loads still running fail, and so do
    /// loads started later. Does nothing to ``shared``, which other code of the process may
    /// still use.
    public func shutdown() async {
        guard !isShared else { return }
        let running = clientState.withLock { state -> [HTTPClient] in
            defer { state = .shutDown }
            if case .running(let clients) = state { return Array(clients.values) }
            return []
        }
        for client in running { try? await client.shutdown() }
    }
}
