import AsyncHTTPClient
import Foundation

/// An HTTP proxy, as a proxy setting names it: `http://[user:password@]host[:port]`, or
/// `host[:port]` without a scheme, as curl accepts (port 1080 when none is given, as curl).
public struct ProxyServer: Sendable, Hashable, CustomStringConvertible {
    /// The proxy's host name or address.
    public let host: String
    /// The proxy's port.
    public let port: Int
    /// The user name for Basic authentication with the proxy, if the setting had one.
    public let user: String?
    /// The password that goes with ``user``.
    public let password: String?

    /// Reads a proxy setting such as `http://127.0.0.1:8888`.
    /// - Throws: ``ProxySettingError`` for a value that is not an http proxy URL (an `https://`
    ///   or SOCKS proxy included: AsyncHTTPClient speaks plain HTTP to proxies).
    public init(parsing setting: String, variable: String) throws(ProxySettingError) {
        let trimmed = setting.trimmingCharacters(in: .whitespaces)
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else {
            throw ProxySettingError(variable: variable, value: setting, reason: "it is not a proxy URL")
        }
        guard components.scheme?.lowercased() == "http" else {
            throw ProxySettingError(
                variable: variable, value: setting, reason: "only http:// proxies are supported, not \(components.scheme ?? "")://")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? 1080
        user = components.user.map { $0.removingPercentEncoding ?? $0 }
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
    }

    /// AsyncHTTPClient's description of this proxy.
    var clientProxy: HTTPClient.Configuration.Proxy {
        .server(host: host, port: port, authorization: user.map { .basic(username: $0, password: password ?? "") })
    }

    public var description: String { "\(host.contains(":") ? "[\(host)]" : host):\(port)" }
}
