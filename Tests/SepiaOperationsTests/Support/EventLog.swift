@testable import SepiaOperations

/// A thread-safe, ordered record of what happened during a test.
final class EventLog<Event: Sendable>: Sendable {
    private let events = Locked<[Event]>([])

    var all: [Event] { events.withLock { $0 } }

    func record(_ event: Event) {
        events.withLock { $0.append(event) }
    }
}
