import CGtk

/// How the main loop keeps up, for the desktop benchmark (`sepia-gtk --measure-responsiveness`,
/// hidden, written to `--stats-file`): when the first thumbnail was shown, and how late a GLib
/// timeout due every ``interval`` milliseconds runs from then until the app is asked to quit.
///
/// Nothing of it exists unless asked for: the app makes no probe, and the one hook elsewhere
/// (``Thumbnails``) tests ``active`` for nil.
@MainActor
final class ResponsivenessProbe {
    /// The probe of this run, or nil when none was asked for.
    static var active: ResponsivenessProbe?

    /// The timeout's period, in milliseconds.
    static let interval: gint64 = 10

    /// The monotonic clock (`CLOCK_MONOTONIC`, as Python's `time.monotonic()`) in microseconds
    /// when a thumbnail was first shown, or nil before.
    private var firstThumbnail: gint64?
    /// How late each run of the timeout was, in microseconds.
    private var lateness: [gint64] = []
    /// When the timeout last ran, in microseconds.
    private var lastTick: gint64 = 0
    private var timer: guint = 0

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

    /// Stops the timeout and returns the figures.
    func finish() -> ResponsivenessFigures {
        if timer != 0 { g_source_remove(timer) }
        timer = 0
        let sorted = lateness.sorted()
        func percentile(_ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return Double(sorted[min(Int(Double(sorted.count) * fraction), sorted.count - 1)]) / 1_000
        }
        return ResponsivenessFigures(
            firstThumbnailMonotonicMicroseconds: firstThumbnail, latenessSamples: sorted.count,
            latenessP50Milliseconds: percentile(0.5), latenessP99Milliseconds: percentile(0.99),
            latenessMaxMilliseconds: Double(sorted.last ?? 0) / 1_000)
    }
}

/// What ``ResponsivenessProbe`` measured.
struct ResponsivenessFigures: Encodable {
    /// `CLOCK_MONOTONIC` in microseconds when the first thumbnail was shown, nil if none was.
    let firstThumbnailMonotonicMicroseconds: gint64?
    /// Runs of the timeout measured.
    let latenessSamples: Int
    /// The median, 99th percentile and largest lateness of the timeout, in milliseconds.
    let latenessP50Milliseconds: Double
    let latenessP99Milliseconds: Double
    let latenessMaxMilliseconds: Double
}
