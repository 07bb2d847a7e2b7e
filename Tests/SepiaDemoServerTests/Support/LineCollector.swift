import Foundation

/// Collects lines from any thread, for checking what the server logs.
final class LineCollector: @unchecked Sendable {
    // @unchecked Sendable: `collected` is only touched under `lock`.
    private let lock = NSLock()
    private var collected: [String] = []

    /// Appends `line`.
    func append(_ line: String) {
        lock.withLock { collected.append(line) }
    }

    /// The lines so far, in arrival order.
    var lines: [String] {
        lock.withLock { collected }
    }
}
