import Foundation
import SepiaList
import SepiaOperations

/// What happened to the queues as the user scrolled, seen by the app when the controller
/// changed its scroll phase: for the hidden `--stats-file`, so that a test can tell that
/// scrolling suspended the queues and settling resumed them.
struct ScrollTally: Encodable {
    /// Times scrolling started.
    var scrollsStarted = 0
    /// Times scrolling started and every queue was suspended.
    var scrollsWithQueuesSuspended = 0
    /// Times scrolling settled.
    var settles = 0
    /// Times scrolling settled and no queue was suspended any more.
    var settlesWithQueuesResumed = 0

    /// Counts the controller's new scroll phase with the queues as they are now.
    mutating func note(_ phase: ScrollPhase, queues: [StageCounters]) {
        switch phase {
        case .scrolling:
            scrollsStarted += 1
            if queues.allSatisfy(\.isSuspended) { scrollsWithQueuesSuspended += 1 }
        case .idle:
            settles += 1
            if !queues.contains(where: \.isSuspended) { settlesWithQueuesResumed += 1 }
        }
    }
}

/// The figures `sepia-gtk --stats-file` writes on exit: the list's (``PhotoListStats``, at
/// the top level) and the desktop's own, taken before quitting cancelled the rows' work.
struct DesktopStats: Encodable {
    let list: PhotoListStats
    let scrolling: ScrollTally
    /// Operations each queue (by name) had ended cancelled before the app quit: the work of
    /// rows that left the screen.
    let cancelledBeforeQuit: [String: Int]
    /// The rows on screen when the app quit, first and past-the-end.
    let visibleRows: [Int]
    /// The main loop's responsiveness, when it was measured.
    let responsiveness: ResponsivenessFigures?

    private enum CodingKeys: String, CodingKey {
        case scrolling, cancelledBeforeQuit, visibleRows, responsiveness
    }

    func encode(to encoder: any Encoder) throws {
        try list.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scrolling, forKey: .scrolling)
        try container.encode(cancelledBeforeQuit, forKey: .cancelledBeforeQuit)
        try container.encode(visibleRows, forKey: .visibleRows)
        try container.encodeIfPresent(responsiveness, forKey: .responsiveness)
    }

    /// Writes the figures as pretty-printed JSON, keys sorted, to `path`.
    func write(to path: String) throws {
        try PhotoListStats.write(self, to: path)
    }
}
