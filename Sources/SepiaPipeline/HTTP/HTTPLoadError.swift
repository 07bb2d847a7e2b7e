public import Foundation

/// Why a download failed, in words a user can read.
public enum HTTPLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with a status other than 2xx; `retryAfter` is its `Retry-After`
    /// in seconds, when it gave one with a 429 or a 503.
    case status(code: Int, reason: String, retryAfter: TimeInterval?)
    /// The server asked to be asked again later (429 or 503 with `Retry-After`), later than
    /// the retry policy waits: the status, and the seconds it asked for.
    case retryTooLate(code: Int, reason: String, seconds: TimeInterval, limit: TimeInterval)
    /// The body is larger than the configured limit.
    case tooLarge(limit: Int)
    /// The body, once its `Content-Encoding` (gzip, deflate) is undone, exceeds the limit.
    case decodedTooLarge(limit: Int)
    /// The body's `Content-Encoding` is unknown, or the encoded body is damaged or cut short.
    case encoding(String)
    /// The proxy could not be reached, refused the request, or is set wrongly.
    case proxy(String)
    /// No connection could be made: refused, reset, or no address for the host.
    case unreachable(String)
    /// The server's TLS certificate failed verification: not signed by an authority the system
    /// (or the configuration) trusts, expired, or made for another host name.
    case untrustedCertificate(String)
    /// The connection broke before the body was complete.
    case connection(String)
    /// The server did not answer in time.
    case timedOut(String)
    /// No connection to the server opened in time; the detail says how long was waited.
    case connectTimedOut(String)
    /// Not tried: `host` ("name:port") failed `failures` connections in a row, the one that
    /// stopped the loader from trying it for `cause`, and has not answered since
    /// (``CircuitBreakerPolicy``).
    case hostUnavailable(host: String, failures: Int, cause: String)
    /// Too many redirects, a redirect loop, or a redirect Sepia refuses (from https to http, to
    /// another scheme, without a usable `Location`).
    case redirects(String)
    /// Not requested: `host` resolves to `address`, whose reach is more private than the
    /// `allowed` reach of the source that named it (``DestinationPolicy``).
    case refusedDestination(host: String, address: String, reach: NetworkReach, allowed: NetworkReach)
    /// The URL cannot be requested (not http or https).
    case unsupportedURL(String)
    /// The download was cancelled.
    case cancelled

    /// True for failures that may go away when tried again: connections that could not be made
    /// or broke, 5xx and 429. A certificate that is not trusted stays so, and is not asked for
    /// again.
    public var isTransient: Bool {
        switch self {
        case .status(let code, _, _): code >= 500 || code == 429
        case .connection, .unreachable: true
        case .untrustedCertificate, .tooLarge, .decodedTooLarge, .encoding, .proxy, .retryTooLate, .timedOut, .connectTimedOut,
            .hostUnavailable, .refusedDestination, .redirects, .unsupportedURL, .cancelled:
            false
        }
    }

    /// The delay the server asked for before the next attempt.
    public var retryAfter: TimeInterval? {
        if case .status(_, _, let retryAfter) = self { return retryAfter }
        return nil
    }

    public var description: String {
        switch self {
        case .status(let code, let reason, _): "HTTP \(code) \(reason)"
        case .retryTooLate(let code, let reason, let seconds, let limit):
            "HTTP \(code) \(reason): the server asks to retry in \(Int(min(seconds, 1e9))) s, more than the \(Int(limit)) s Sepia waits"
        case .tooLarge(let limit): "the photo is larger than \(limit / 1_048_576) MB"
        case .decodedTooLarge(let limit): "the decompressed body exceeds \(limit) bytes"
        case .encoding(let detail): detail
        case .proxy(let detail): detail
        case .unreachable(let detail): "cannot connect: \(detail)"
        case .untrustedCertificate(let detail): "the server's TLS certificate is not trusted (\(detail))"
        case .connection(let detail): "connection failed: \(detail)"
        case .timedOut(let detail): "timed out \(detail)"
        case .connectTimedOut(let detail): "timed out connecting (\(detail))"
        case .hostUnavailable(let host, let failures, let cause):
            "\(host) failed \(failures) connections in a row (\(cause)); its downloads fail without trying until it answers again"
        case .redirects(let detail): detail
        case .refusedDestination(let host, let address, let reach, let allowed):
            "refused: \(host == address ? address : "\(host) (\(address))") is a \(reach) address and the manifest came from a \(allowed) one"
        case .unsupportedURL(let url): "cannot download \(url): only http and https are supported"
        case .cancelled: "cancelled"
        }
    }
}
