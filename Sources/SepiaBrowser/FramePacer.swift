import Dispatch

/// Draws at most one frame per `interval` on a queue, as soon as possible after a change:
/// a change right after a quiet spell is drawn on the queue's next turn, changes that come
/// faster are folded into one frame.
///
/// Confined to its queue.
final class FramePacer: @unchecked Sendable {
    // @unchecked Sendable: `isScheduled` and `lastFrame` are only touched on `queue`.
    private let queue: DispatchQueue
    private let interval: DispatchTimeInterval
    private let draw: () -> Void
    private var isScheduled = false
    private var lastFrame = DispatchTime(uptimeNanoseconds: 0)

    /// A pacer that calls `draw` on `queue`, at most once per `interval`.
    init(queue: DispatchQueue = .main, interval: DispatchTimeInterval = .nanoseconds(1_000_000_000 / 60),
         draw: @escaping () -> Void) {
        self.queue = queue
        self.interval = interval
        self.draw = draw
    }

    /// Asks for a frame; several requests before it is drawn give one frame.
    func request() {
        guard !isScheduled else { return }
        isScheduled = true
        let earliest = lastFrame + interval
        let fire: @Sendable () -> Void = { [self] in
            isScheduled = false
            lastFrame = .now()
            draw()
        }
        if earliest <= .now() {
            queue.async(execute: fire)
        } else {
            queue.asyncAfter(deadline: earliest, execute: fire)
        }
    }
}
