import Foundation
import Glibc
import SepiaOperations

/// Resolves host names with the system's resolver (`getaddrinfo`, as SwiftNIO's connections
/// do), off the caller's thread, keeping each answer for `lifetime`: a batch asks for the
/// same few hosts again and again, and a download connects to the address it checked, so a
/// kept answer cannot be swapped for another (DNS rebinding).
final class AddressResolver: Sendable {
    private struct Answer {
        let addresses: [String]
        let expiry: ContinuousClock.Instant
    }

    /// Answers kept at the most; all are dropped when a new one would pass it.
    private static let capacity = 1_024
    private static let queue = DispatchQueue(label: "Sepia address resolution", qos: .utility, attributes: .concurrent)
    private let lifetime: Duration
    private let answers = Locked<[String: Answer]>([:])

    /// A resolver keeping answers for `lifetime`.
    init(lifetime: Duration = .seconds(30)) {
        self.lifetime = lifetime
    }

    /// The IPv4 and IPv6 addresses of `host` for TCP, as text, in the resolver's order; the
    /// resolver's reason when it has none. `completion` runs on this thread (a kept answer)
    /// or another.
    func resolve(_ host: String, completion: @escaping @Sendable (Result<[String], HTTPLoadError>) -> Void) {
        let now = ContinuousClock.now
        if let kept = answers.withLock({ $0[host] }), kept.expiry > now { return completion(.success(kept.addresses)) }
        Self.queue.async {
            let result = Self.resolve(host)
            if case .success(let addresses) = result {
                self.answers.withLock { answers in
                    if answers.count >= Self.capacity { answers.removeAll() }
                    answers[host] = Answer(addresses: addresses, expiry: ContinuousClock.now + self.lifetime)
                }
            }
            completion(result)
        }
    }

    private static func resolve(_ host: String) -> Result<[String], HTTPLoadError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let list else {
            return .failure(.unreachable("no address for \(host) (\(String(cString: gai_strerror(status))))"))
        }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        for entry in sequence(first: list, next: { $0.pointee.ai_next }) {
            guard let text = numericHost(entry.pointee.ai_addr, length: entry.pointee.ai_addrlen), !addresses.contains(text) else {
                continue
            }
            addresses.append(text)
        }
        return addresses.isEmpty ? .failure(.unreachable("no address for \(host)")) : .success(addresses)
    }

    private static func numericHost(_ address: UnsafeMutablePointer<sockaddr>?, length: socklen_t) -> String? {
        guard let address else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
