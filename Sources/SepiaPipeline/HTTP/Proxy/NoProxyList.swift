import Foundation

/// The hosts reached without a proxy, from a `no_proxy` setting, following curl's rules:
/// entries separated by commas (or spaces); `*` alone matches every host; a name matches
/// itself and every name below it (`example.com` and `.example.com` both match
/// `example.com` and `img.example.com`, not `badexample.com`), without regard to case; an IP
/// address matches itself, and `192.168.0.0/16`-style CIDR ranges match their IPv4 addresses.
/// Beyond curl, an entry with a port (`example.com:8080`) matches that port only.
public struct NoProxyList: Sendable, Equatable {
    private struct Entry: Sendable, Equatable {
        var host: String
        var port: Int?
        var prefixLength: Int?
    }

    private let matchesAll: Bool
    private let entries: [Entry]

    /// Reads a `no_proxy` setting; an empty one matches nothing.
    public init(_ setting: String) {
        let items = setting.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        matchesAll = items == ["*"]
        entries = items.compactMap(Self.entry)
    }

    /// Whether `host` (on `port`) is reached without a proxy.
    public func matches(host: String, port: Int) -> Bool {
        if matchesAll { return true }
        let name = Self.normalised(host)
        return entries.contains { entry in
            if let wanted = entry.port, wanted != port { return false }
            if let prefixLength = entry.prefixLength {
                guard let address = IPv4Address.value(of: name), let network = IPv4Address.value(of: entry.host) else { return false }
                let mask: UInt32 = prefixLength == 0 ? 0 : ~0 << (32 - UInt32(prefixLength))
                return address & mask == network & mask
            }
            return name == entry.host || name.hasSuffix("." + entry.host)
        }
    }

    private static func entry(_ item: String) -> Entry? {
        var text = Substring(item)
        var port: Int?
        var prefixLength: Int?
        if let slash = text.lastIndex(of: "/"), let length = Int(text[text.index(after: slash)...]), (0...32).contains(length) {
            prefixLength = length
            text = text[..<slash]
        }
        if text.hasPrefix("[") {  // [IPv6] or [IPv6]:port
            guard let close = text.firstIndex(of: "]") else { return nil }
            port = Int(text[close...].dropFirst(2))
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            port = Int(text[text.index(after: colon)...])
            text = text[..<colon]
        }
        let host = normalised(String(text.drop(while: { $0 == "." })))
        return host.isEmpty ? nil : Entry(host: host, port: port, prefixLength: prefixLength)
    }

    /// Lower case, without IPv6 brackets or a trailing dot.
    private static func normalised(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }
}

/// Dotted-quad IPv4 addresses as numbers, for CIDR ranges.
enum IPv4Address {
    /// The address `text` names as a 32-bit number, nil when it is not a dotted quad.
    static func value(of text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard part.count <= 3, let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }
}
