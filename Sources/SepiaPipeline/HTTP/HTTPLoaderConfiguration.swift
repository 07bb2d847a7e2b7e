public import Foundation

/// Limits, timeouts, headers and proxies for ``HTTPLoader``.
public struct HTTPLoaderConfiguration: Sendable {
    /// Seconds allowed to open a connection.
    public var connectTimeout: TimeInterval
    /// Seconds allowed between two reads once connected; a stalled connection fails after it.
    public var readTimeout: TimeInterval
    /// Seconds one attempt may take in all, from the request to the last byte.
    ///
    /// Each timeout is used up to about 31 years (`.infinity` means no limit); zero, a
    /// negative value or NaN fails the attempt at once.
    public var totalTimeout: TimeInterval
    /// The largest body accepted, in bytes (50 MB by default); larger ones fail at once.
    public var maximumBodySize: Int
    /// How many redirects are followed before the request fails.
    public var maximumRedirects: Int
    /// Connections opened to one host at the most (6 by default, as browsers do); requests
    /// beyond them wait for a free connection.
    public var connectionsPerHost: Int
    /// When and how often failed attempts are repeated.
    public var retry: RetryPolicy
    /// When a host that keeps failing to connect is no longer tried, and how it is probed.
    public var circuitBreaker: CircuitBreakerPolicy
    /// The `User-Agent` sent with every request.
    public var userAgent: String
    /// The proxies requests go through; none by default (``ProxySettings/init(environment:)``
    /// reads them from `http_proxy` and its kin, as the `sepia` command does).
    public var proxies: ProxySettings
    /// Which addresses downloads may reach (a destination no more private than the source that
    /// named it); nil, the default, lets every download reach any address.
    public var destinationPolicy: DestinationPolicy?
    /// PEM files of certificate authorities trusted for https besides the system's (a private
    /// authority, or a test's own); none by default. Certificates are always verified.
    public var additionalTrustRoots: [String]

    /// A configuration; the defaults suit photo downloads from ordinary web servers.
    public init(
        connectTimeout: TimeInterval = 5,
        readTimeout: TimeInterval = 15,
        totalTimeout: TimeInterval = 60,
        maximumBodySize: Int = 50 * 1024 * 1024,
        maximumRedirects: Int = 5,
        connectionsPerHost: Int = 6,
        retry: RetryPolicy = RetryPolicy(),
        circuitBreaker: CircuitBreakerPolicy = CircuitBreakerPolicy(),
        userAgent: String = HTTPRequestHeaders.defaultUserAgent,
        proxies: ProxySettings = .none,
        destinationPolicy: DestinationPolicy? = nil,
        additionalTrustRoots: [String] = []
    ) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.totalTimeout = totalTimeout
        self.maximumBodySize = maximumBodySize
        self.maximumRedirects = maximumRedirects
        self.connectionsPerHost = connectionsPerHost
        self.retry = retry
        self.circuitBreaker = circuitBreaker
        self.userAgent = userAgent
        self.proxies = proxies
        self.destinationPolicy = destinationPolicy
        self.additionalTrustRoots = additionalTrustRoots
    }
}
