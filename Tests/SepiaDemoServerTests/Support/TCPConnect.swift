import Foundation

/// Whether a plain TCP connection to `address`:`port` (an IPv4 address such as 127.0.0.1)
/// is accepted. On loopback the answer is immediate: a refusal needs no timeout.
func acceptsTCPConnection(address: String, port: Int) -> Bool {
    let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketDescriptor >= 0 else { return false }
    defer { close(socketDescriptor) }
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
    guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else { return false }
    let result = withUnsafePointer(to: &socketAddress) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            connect(socketDescriptor, address, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    return result == 0
}
