import Dispatch

/// Decides when frames are drawn on the main actor: what the user did shows on the main queue's
/// next turn, everything else (work finishing, spinners) at most once per `interval`, with
/// changes that come faster folded into one frame.
@MainActor
final class FramePacer {
    private let interval: DispatchTimeInterval
    private let draw: () -> Void
    /// When the last frame was drawn. (Not a zero `DispatchTime`: that means "now" to Dispatch.)
    private var lastFrame: DispatchTime?
    /// When the frame already asked for will be drawn, if one was.
    private var pendingDeadline: DispatchTime?
    /// Tells a scheduled frame whether an earlier one replaced it.
    private var generation = 0

    /// A pacer that calls `draw` on the main actor, at most once per `interval` for background
    /// changes.
    init(interval: DispatchTimeInterval = .nanoseconds(1_000_000_000 / 60), draw: @escaping () -> Void) {
        self.interval = interval
        self.draw = draw
    }

    /// Asks for a frame. An `urgent` one (the user's input) is drawn on the queue's next turn;
    /// others wait until `interval` has passed since the last frame. Requests made before the
    /// frame is drawn give one frame.
    func request(urgent: Bool = false) {
        let now = DispatchTime.now()
        let deadline = urgent ? now : lastFrame.map { max($0 + interval, now) } ?? now
        if let pendingDeadline, pendingDeadline <= deadline { return }
        pendingDeadline = deadline
        generation &+= 1
        let expected = generation
        let fire: @Sendable () -> Void = { [self] in
            MainActor.assumeIsolated {
                guard generation == expected else { return }
                pendingDeadline = nil
                lastFrame = .now()
                draw()
            }
        }
        if deadline <= now {
            DispatchQueue.main.async(execute: fire)
        } else {
            DispatchQueue.main.asyncAfter(deadline: deadline, execute: fire)
        }
    }
}
