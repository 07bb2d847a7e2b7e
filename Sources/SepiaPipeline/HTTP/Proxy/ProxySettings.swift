public import Foundation

/// Which proxy, if any, each request goes through: one for http URLs, one for https URLs (a
/// CONNECT tunnel), and the hosts that bypass both (``NoProxyList``).
public struct ProxySettings: Sendable, Equatable {
    /// The proxy for `http://` URLs.
    public var http: ProxyServer?
    /// The proxy for `https://` URLs.
    public var https: ProxyServer?
    /// The hosts reached directly.
    public var bypass: NoProxyList

    /// No proxy at all: every request goes straight to its server.
    public static let none = ProxySettings()

    /// Settings given in full.
    public init(http: ProxyServer? = nil, https: ProxyServer? = nil, bypass: NoProxyList = NoProxyList("")) {
        self.http = http
        self.https = https
        self.bypass = bypass
    }

    /// The settings of the environment, read as curl reads them: `http_proxy` (lower case only:
    /// the upper-case `HTTP_PROXY` is ignored, since a CGI program gets it from a request's
    /// `Proxy:` header); `https_proxy`, else `HTTPS_PROXY`; `all_proxy`, else `ALL_PROXY`, for
    /// a scheme without its own; `no_proxy`, else `NO_PROXY`. Lower case wins when both are set.
    /// An empty variable counts as unset.
    /// - Throws: ``ProxySettingError`` for a setting that is not an http proxy URL.
    public init(environment: [String: String]) throws(ProxySettingError) {
        func first(_ names: [String]) -> (name: String, value: String)? {
            names.lazy.compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : (name, $0) } }.first
        }
        func server(_ names: [String]) throws(ProxySettingError) -> ProxyServer? {
            guard let (name, value) = first(names) ?? first(["all_proxy", "ALL_PROXY"]) else { return nil }
            return try ProxyServer(parsing: value, variable: name)
        }
        self.init(
            http: try server(["http_proxy"]), https: try server(["https_proxy", "HTTPS_PROXY"]),
            bypass: NoProxyList(first(["no_proxy", "NO_PROXY"])?.value ?? ""))
    }

    /// The proxy `url` goes through, nil when it goes straight to its server.
    public func proxy(for url: URL) -> ProxyServer? {
        guard let host = url.host else { return nil }
        let isHTTPS = url.scheme?.lowercased() == "https"
        guard let proxy = isHTTPS ? https : http else { return nil }
        return bypass.matches(host: host, port: url.port ?? (isHTTPS ? 443 : 80)) ? nil : proxy
    }
}
