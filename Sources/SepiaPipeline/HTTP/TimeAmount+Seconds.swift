import Foundation
import NIOCore

extension TimeAmount {
    /// The longest timeout NIO is given: about 31 years, which is "never" for a download.
    static let longestTimeout = TimeAmount.seconds(1 << 30)

    /// `seconds` as a NIO time amount, in milliseconds: an infinite or very long value becomes
    /// ``longestTimeout`` and a negative one or NaN becomes zero, instead of trapping when
    /// converted to an integer.
    static func clamped(seconds: TimeInterval) -> TimeAmount {
        guard seconds > 0 else { return .zero }
        guard seconds < Double(1 << 30) else { return longestTimeout }
        return .milliseconds(Int64(seconds * 1000))
    }
}
