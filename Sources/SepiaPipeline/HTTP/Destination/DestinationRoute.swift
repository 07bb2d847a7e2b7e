import Foundation

/// Where one attempt of a download connects, as ``DestinationPolicy`` decided.
enum DestinationRoute: Sendable, Equatable {
    /// To the host the URL names, as the client resolves it.
    case asGiven
    /// To this checked address (IPv4 or IPv6 text), the URL's host sent in `Host`.
    case pinned(String)

    /// The URL an attempt at `target` requests along this route: `target` itself, or with its
    /// host replaced by the pinned address.
    func requestURL(for target: URL) -> URL? {
        guard case .pinned(let address) = self else { return target }
        var components = URLComponents(url: target, resolvingAgainstBaseURL: true)
        components?.user = nil
        components?.password = nil
        components?.percentEncodedHost = address.contains(":") ? "[\(address)]" : address
        return components?.url
    }

    /// The `Host` header an attempt at `target` sends along this route, nil when the client's
    /// own is right.
    func hostHeader(for target: URL) -> String? {
        guard case .pinned = self, let host = target.host else { return nil }
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return target.port.map { "\(name):\($0)" } ?? name
    }
}
