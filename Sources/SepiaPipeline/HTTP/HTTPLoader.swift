import AsyncHTTPClient
import Foundation
import NIOCore
import SepiaOperations

/// Downloads whole bodies over HTTP(S) with AsyncHTTPClient: a fixed set of event-loop
/// threads, pooled connections (a limit per host), timeouts, a size cap, a few redirects and
/// retries of transient failures.
///
/// Every download finishes through a callback; nothing blocks a thread while it waits. The
/// client and its threads start with the first download, so a loader that only ever sees
/// local files costs nothing. Call ``shutdown()`` once when done with the loader.
public final class HTTPLoader: Sendable {
    private enum ClientState {
        case unused
        case running(HTTPClient)
        case shutDown
    }

    /// The limits this loader applies.
    public let configuration: HTTPLoaderConfiguration
    private let clientConfiguration: HTTPClient.Configuration
    private let clientState = Locked(ClientState.unused)

    /// Makes a loader with its own connection pool on the shared NIO event loops.
    public init(configuration: HTTPLoaderConfiguration = HTTPLoaderConfiguration()) {
        self.configuration = configuration
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: configuration.maximumRedirects, allowCycles: false),
            timeout: HTTPClient.Configuration.Timeout(
                connect: .clamped(seconds: configuration.connectTimeout),
                read: .clamped(seconds: configuration.readTimeout)
            )
        )
        clientConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = configuration.connectionsPerHost
        self.clientConfiguration = clientConfiguration
    }

    /// Whether the client has been started (for tests).
    var hasStartedClient: Bool {
        clientState.withLock { if case .running = $0 { true } else { false } }
    }

    /// The client, made on first use; nil once the loader is shut down.
    private func client() -> HTTPClient? {
        clientState.withLock { state in
            switch state {
            case .unused:
                let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
                state = .running(client)
                return client
            case .running(let client): return client
            case .shutDown: return nil
            }
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
        let load = HTTPLoad(
            url: url, limit: limit ?? configuration.maximumBodySize, client: { [self] in client() },
            configuration: configuration, progress: progress, completion: completion)
        load.start()
        return load
    }

    /// Closes every connection and stops the loader; loads still running fail, and so do
    /// loads started later.
    public func shutdown() async {
        let running = clientState.withLock { state -> HTTPClient? in
            defer { state = .shutDown }
            if case .running(let client) = state { return client }
            return nil
        }
        try? await running?.shutdown()
    }
}
