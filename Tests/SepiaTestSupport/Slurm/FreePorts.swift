import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// TCP ports nothing listens on, for daemons that must be told their port in advance.
enum FreePorts {
    /// `count` different ports that were free a moment ago: each one the kernel picks for a
    /// socket bound to port 0 on every address (as the daemons will bind it), all held until
    /// every one is picked, then closed. Another program may take one before the daemon does:
    /// a caller retries with new ports when its daemon finds its port taken.
    static func pick(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        return try (0..<count).map { _ in
            let socketNumber = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socketNumber >= 0 else { throw EndToEndError("No socket for a free port: errno \(errno)") }
            sockets.append(socketNumber)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socketNumber, $0, length) == 0 && getsockname(socketNumber, $0, &length) == 0
                }
            }
            guard bound else { throw EndToEndError("Could not bind a socket to a free port: errno \(errno)") }
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }
}
