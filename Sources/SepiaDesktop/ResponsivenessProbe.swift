import CGtk
import SepiaPipeline

/// How the main loop keeps up, for the desktop benchmark (`sepia-gtk --measure-responsiveness`,
/// hidden, written to `--stats-file`): when the first thumbnail was shown, and from then until the
/// app is asked to quit, how late a GLib timeout due every ``interval`` millisecond runs and how
/// far apart the window's frames come.
///
/// Nothing of it exists unless asked for: the app makes no probe, and the hooks elsewhere
/// (``Thumbnails``, ``DesktopApp``) test ``active`` for nil.
@MainActor
final class ResponsivenessProbe {
    /// The probe of this run, or nil when none was asked for.
    static var active: ResponsivenessProbe?

    /// The timeout's period, in milliseconds.
    static let interval: gint64 = 1

    /// The monotonic clock (`CLOCK_MONOTONIC`, as Python's `time.monotonic()`) in microseconds
    /// when a thumbnail was first shown, or nil before.
    private var firstThumbnail: gint64?
    /// How late each run of the timeout was, in microseconds.
    private var lateness: [gint64] = []
    /// When the timeout last ran, in microseconds.
    private var lastTick: gint64 = 0
    private var timer: guint = 0
    /// The time between consecutive frames of the window, in microseconds.
    private var frameIntervals: [gint64] = []
    /// The frame time of the window's last frame, in microseconds, or nil before one.
    private var lastFrame: gint64?
    private var isFinished = false

    /// Records the intervals between `window`'s frames from the first thumbnail on. The frame
    /// clock then ticks every frame, as it does while the list scrolls or an animation runs.
    func watchFrames(of window: UnsafeMutablePointer<GtkWidget>) {
        SignalHandlers.onEveryFrame(of: window) { [weak self] frameTime in
            guard let self, !isFinished else { return false }
            if firstThumbnail != nil, let lastFrame { frameIntervals.append(frameTime - lastFrame) }
            lastFrame = frameTime
            return true
        }
    }

    /// Notes that a row's thumbnail was shown; the first one starts the timeout.
    func thumbnailShown() {
        guard firstThumbnail == nil else { return }
        let now = g_get_monotonic_time()
        firstThumbnail = now
        lastTick = now
        timer = SignalHandlers.every(milliseconds: guint(Self.interval)) { [weak self] in
            guard let self else { return false }
            // GLib arms a timeout again from when it ran: it was due one period after that.
            let now = g_get_monotonic_time()
            lateness.append(max(now - lastTick - Self.interval * 1_000, 0))
            lastTick = now
            return true
        }
    }

    /// Stops the timeout and the frame records and returns the figures.
    func finish() -> ResponsivenessFigures {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        isFinished = true
        return ResponsivenessFigures(
            firstThumbnailMonotonicMicroseconds: firstThumbnail, lateness: ResponsivenessFigures.Distribution(lateness),
            frameIntervals: ResponsivenessFigures.Distribution(frameIntervals))
    }
}

/// What ``ResponsivenessProbe`` measured.
struct ResponsivenessFigures: Encodable {
    /// `CLOCK_MONOTONIC` in microseconds when the first thumbnail was shown, nil if none was.
    let firstThumbnailMonotonicMicroseconds: gint64?
    /// How late the timeout ran.
    let lateness: Distribution
    /// The time between the window's frames.
    let frameIntervals: Distribution

    /// Samples' count, median, 99th percentile and largest, in milliseconds.
    struct Distribution: Encodable {
        let samples: Int
        let p50Milliseconds: Double
        let p99Milliseconds: Double
        let maxMilliseconds: Double

        /// The distribution of `microseconds` (nearest-rank percentiles; zeros when empty).
        init(_ microseconds: [gint64]) {
            let sorted = microseconds.sorted().map { Double($0) / 1_000 }
            samples = sorted.count
            p50Milliseconds = Percentile.nearestRank(0.5, ofSorted: sorted) ?? 0
            p99Milliseconds = Percentile.nearestRank(0.99, ofSorted: sorted) ?? 0
            maxMilliseconds = sorted.last ?? 0
        }
    }
}
