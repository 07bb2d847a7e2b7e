import Foundation

/// The `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
enum HTTPRetryAfter {
    /// The seconds to wait from `now`, never negative; nil when `value` is neither form.
    static func seconds(from value: String, now: Date = Date()) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return TimeInterval(trimmed) ?? .infinity  // more digits than a Double holds: "forever"
        }
        return HTTPDate.parse(trimmed).map { max(0, $0.timeIntervalSince(now)) }
    }
}
