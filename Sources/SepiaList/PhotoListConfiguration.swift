public import Foundation
public import SepiaImaging
public import SepiaPipeline

/// How a ``PhotoListController`` schedules its work.
public struct PhotoListConfiguration: Sendable {
    /// What happens to each photo after its download (by default sepia at 0.8, fitted into
    /// 320×240, which is plenty for a terminal).
    public var processing: PhotoProcessing
    /// Seconds without scroll input after which scrolling counts as settled.
    public var settleDelay: TimeInterval
    /// Rows beyond the screen, in the direction of the last scroll, that are loaded at low
    /// priority once the visible rows have their photos and the user stayed on them for
    /// ``prefetchDelay``.
    public var prefetchDistance: Int
    /// Seconds the user must stay on a screen whose rows are done before prefetching starts,
    /// so a fling that only passes through a screen never pays for the rows around it.
    public var prefetchDelay: TimeInterval
    /// Rows beyond the screen, on each side, whose photos stay in their records; rows
    /// farther away drop theirs (the pipeline's caches bring them back), so memory does not
    /// grow with the rows scrolled past.
    public var retainDistance: Int
    /// Whether work waits while the user scrolls (the tutorial's improvement). Off, rows start
    /// their work the moment they show, as in the tutorial's first version.
    public var defersWorkWhileScrolling: Bool

    /// A configuration; the defaults suit a terminal list.
    public init(
        processing: PhotoProcessing = PhotoProcessing(filter: .sepia, fitting: PixelSize(width: 320, height: 240)),
        settleDelay: TimeInterval = 0.15,
        prefetchDistance: Int = 3,
        prefetchDelay: TimeInterval = 0.5,
        retainDistance: Int = 60,
        defersWorkWhileScrolling: Bool = true
    ) {
        self.processing = processing
        self.settleDelay = settleDelay
        self.prefetchDistance = prefetchDistance
        self.prefetchDelay = prefetchDelay
        self.retainDistance = retainDistance
        self.defersWorkWhileScrolling = defersWorkWhileScrolling
    }

    /// ``prefetchDistance`` as the controller uses it: 0 to 1,000 rows (a negative or huge
    /// value must not make an empty or overflowing range).
    var prefetchRows: Int { min(max(prefetchDistance, 0), 1_000) }

    /// ``retainDistance`` as the controller uses it: never below ``prefetchRows``, or
    /// prefetched photos would be dropped as soon as they arrive.
    /// At most 2³¹ rows, so that row ranges around the screen cannot overflow.
    var retainedRows: Int { min(max(retainDistance, prefetchRows), Int(Int32.max)) }
}
