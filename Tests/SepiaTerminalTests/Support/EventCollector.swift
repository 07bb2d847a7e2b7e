import Foundation
import SepiaTerminal

/// Collects the events an `InputReader` delivers, from its thread, for a test to wait on.
final class EventCollector: @unchecked Sendable {
    // @unchecked Sendable: `received` is only touched under `condition`.
    private let condition = NSCondition()
    private var received: [InputEvent] = []

    /// The handler to give the reader.
    var handler: @Sendable ([InputEvent]) -> Void {
        { [self] events in
            condition.lock()
            received += events
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Everything received so far.
    var events: [InputEvent] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// Waits until `count` events have come or `timeout` passed; returns them all.
    func wait(for count: Int, timeout: TimeInterval = 2) -> [InputEvent] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while received.count < count, condition.wait(until: deadline) {}
        return received
    }
}
