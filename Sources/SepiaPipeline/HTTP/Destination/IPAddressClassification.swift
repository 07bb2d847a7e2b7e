import Glibc

/// Which ``NetworkReach`` an IP address belongs to, from the IANA special-purpose address
/// registries (RFC 6890 and the RFCs below).
enum IPAddressClassification {
    /// The reach of the address `text` names (dotted IPv4 in any form `inet_aton` accepts,
    /// such as "2130706433" or "0x7f.1", or IPv6, with or without brackets), nil when `text`
    /// is no IP address.
    static func reach(ofAddress text: String) -> NetworkReach? {
        var host = text
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if let address = ipv4(host) { return reach(ofIPv4: address) }
        if let address = ipv6(host) { return reach(ofIPv6: address) }
        return nil
    }

    /// The 32-bit value of an IPv4 address text, as the resolver reads it.
    static func ipv4(_ text: String) -> UInt32? {
        guard !text.contains(":") else { return nil }
        var address = in_addr()
        guard inet_aton(text, &address) != 0 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }

    /// The 16 bytes of an IPv6 address text.
    static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    static func reach(ofIPv4 address: UInt32) -> NetworkReach {
        func within(_ network: UInt32, _ prefix: UInt32) -> Bool {
            prefix == 0 || address >> (32 - prefix) == network >> (32 - prefix)
        }
        if within(0x0000_0000, 8) || within(0x7F00_0000, 8) || within(0xA9FE_0000, 16) {
            return .thisMachine  // "this network" (RFC 1122), loopback, link-local (RFC 3927)
        }
        if within(0xC000_0200, 24) || within(0xC633_6400, 24) || within(0xCB00_7100, 24) {
            return .publicInternet  // documentation, RFC 5737
        }
        let unrouted: [(UInt32, UInt32)] = [
            (0x0A00_0000, 8), (0xAC10_0000, 12), (0xC0A8_0000, 16),  // RFC 1918
            (0x6440_0000, 10),  // shared address space (CGNAT), RFC 6598
            (0xC000_0000, 24),  // IETF protocol assignments, RFC 6890
            (0xC612_0000, 15),  // benchmarking, RFC 2544
            (0xE000_0000, 4),  // multicast, RFC 5771
            (0xF000_0000, 4),  // reserved (RFC 1112) and the broadcast address
        ]
        return unrouted.contains { within($0.0, $0.1) } ? .privateNetwork : .publicInternet
    }

    static func reach(ofIPv6 bytes: [UInt8]) -> NetworkReach {
        let zeros = bytes[0..<10].allSatisfy { $0 == 0 }
        let embedded = UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8 | UInt32(bytes[15])
        if zeros, bytes[10] == 0xFF, bytes[11] == 0xFF { return reach(ofIPv4: embedded) }  // IPv4-mapped, RFC 4291
        if zeros, bytes[10] == 0, bytes[11] == 0 {
            // :: and ::1 (RFC 4291); otherwise the deprecated IPv4-compatible form, judged by its IPv4 address.
            return embedded <= 1 ? .thisMachine : reach(ofIPv4: embedded)
        }
        // NAT64's well-known prefix 64:ff9b::/96 (RFC 6052) reaches the IPv4 address it embeds.
        if bytes[0..<12].elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { return reach(ofIPv4: embedded) }
        // 6to4 (2002::/16, RFC 3056) reaches the IPv4 address in bytes 2 to 5.
        if bytes[0] == 0x20, bytes[1] == 0x02 {
            return reach(ofIPv4: UInt32(bytes[2]) << 24 | UInt32(bytes[3]) << 16 | UInt32(bytes[4]) << 8 | UInt32(bytes[5]))
        }
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return .thisMachine }  // link-local fe80::/10
        if bytes[0] & 0xFE == 0xFC { return .privateNetwork }  // unique local fc00::/7, RFC 4193
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0xC0 { return .privateNetwork }  // site-local fec0::/10, RFC 3879
        if bytes[0] == 0xFF { return .privateNetwork }  // multicast ff00::/8
        if bytes[0..<6].elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 1]) { return .privateNetwork }  // local-use NAT64 64:ff9b:1::/48, RFC 8215
        if bytes[0..<8].elementsEqual([1, 0, 0, 0, 0, 0, 0, 0]) { return .privateNetwork }  // discard-only 100::/64, RFC 6666
        return .publicInternet
    }
}
