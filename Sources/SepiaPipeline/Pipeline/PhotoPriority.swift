import Foundation

/// How urgent a photo is: rows on screen high, rows loaded ahead low. Work shared by several
/// callers runs at the highest priority among them; it matters while the work waits in a queue.
public enum PhotoPriority: Int, Sendable, Comparable, CaseIterable {
    case veryLow, low, normal, high, veryHigh

    /// The operation queue priority the pipeline's operations run at.
    var queuePriority: Operation.QueuePriority {
        switch self {
        case .veryLow: .veryLow
        case .low: .low
        case .normal: .normal
        case .high: .high
        case .veryHigh: .veryHigh
        }
    }

    public static func < (lhs: PhotoPriority, rhs: PhotoPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
