/// How far from the public internet an address lies, in order: a destination may be no more
/// private than the source that named it (``DestinationPolicy``).
public enum NetworkReach: Int, Sendable, Comparable, CustomStringConvertible {
    /// Routable on the internet, the documentation ranges of RFC 5737 and RFC 3849 included
    /// (nothing is there, and the tests use them as a public network of their own).
    case publicInternet
    /// A private network: RFC 1918, shared address space (CGNAT, RFC 6598), unique local IPv6
    /// (RFC 4193), and the other ranges that the internet does not route (benchmarking,
    /// reserved, multicast, broadcast).
    case privateNetwork
    /// This machine or its link: loopback, link-local (169.254.0.0/16 with the cloud's
    /// metadata and credentials at 169.254.169.254, fe80::/10) and the unspecified address
    /// (0.0.0.0 and ::, which Linux connects to this machine).
    case thisMachine

    public static func < (lhs: NetworkReach, rhs: NetworkReach) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .publicInternet: "public"
        case .privateNetwork: "private"
        case .thisMachine: "local"
        }
    }
}
