import Dispatch
import Foundation
import SepiaImaging

/// The logic of the tutorial's `ListViewController`, without any user interface: it holds the
/// rows, the visible range and the scroll phase, and decides which photos are downloaded and
/// filtered when. A front end (the terminal list, a test) tells it what is on screen and
/// redraws what it publishes.
///
/// - When a row is on screen and the list is not scrolling, the work its state needs starts
///   (``PhotoState/new``: download; ``PhotoState/downloaded``: filter), never twice at once.
/// - While the user scrolls, the loader's queues are suspended and nothing new starts. When no
///   scroll input came for ``PhotoListConfiguration/settleDelay``, the work of rows that left
///   the screen is cancelled, the work of the rows now on it starts, and the queues resume.
/// - A download that finished stays in its record when its filter is cancelled: coming back
///   to the row only filters again.
/// - Once the rows on screen have their photos and the user stayed on them for
///   ``PhotoListConfiguration/prefetchDelay``, a few rows beyond the screen in the direction of
///   the last scroll (below, before any scroll) are loaded at low priority; a prefetched row
///   that comes on screen has its priority raised.
///
/// Confined to `queue` (the main queue in an app): call it there; it publishes there.
public final class PhotoListController: @unchecked Sendable {
    // @unchecked Sendable: every property is read and written on `queue` only; the closures
    // handed to the loader and the scheduler hop back to `queue` before touching anything.

    /// The scheduling rules.
    public let configuration: PhotoListConfiguration
    /// Where the data source stands.
    public private(set) var sourceState = PhotoListSourceState.idle
    /// The rows, in the manifest's stable order.
    public private(set) var records: [PhotoRecord] = []
    /// The rows on screen: those last shown, within the rows there are (none before the
    /// source has loaded).
    public var visibleRows: Range<Int> { requestedRows.clamped(to: 0..<records.count) }
    /// The rows last passed to ``show(rows:)`` or ``scroll(toShow:)``.
    private var requestedRows: Range<Int> = 0..<0
    /// Where scrolling stands.
    public private(set) var scrollPhase = ScrollPhase.idle
    /// Rows that have been on screen at least once, for measuring wasted work.
    public private(set) var rowsShown = IndexSet()
    /// Rows whose download finished successfully, and rows whose filter did.
    public private(set) var workDone = (downloaded: IndexSet(), filtered: IndexSet())
    /// Called on `queue` after every change.
    public var onChange: ((PhotoListChange) -> Void)?

    private let loader: any PhotoLoading
    private let scheduler: any ListScheduler
    private let queue: DispatchQueue
    private var downloads: [Int: any PhotoLoadingRequest] = [:]
    private var filtrations: [Int: any PhotoLoadingRequest] = [:]
    private var rowsWithImages = Set<Int>()
    private var settleTimer: (any ScheduledAction)?
    private var prefetchTimer: (any ScheduledAction)?
    /// Whether the user stayed on the current screen long enough for prefetching.
    private var mayPrefetch = false
    /// Whether the last scroll went down the list (or there was none yet).
    private var scrollsDown = true
    /// Counts calls of ``loadSource(_:)``: only the newest load's rows are taken, whichever
    /// load ends last.
    private var sourceGeneration = 0

    /// A controller that loads through `loader` and publishes on `queue`.
    ///
    /// - Parameter scheduler: runs the settle timer; it must run its actions on `queue`. By
    ///   default a dispatch timer on `queue`.
    public init(
        loader: any PhotoLoading, configuration: PhotoListConfiguration = PhotoListConfiguration(),
        queue: DispatchQueue = .main, scheduler: (any ListScheduler)? = nil
    ) {
        self.loader = loader
        self.configuration = configuration
        self.queue = queue
        self.scheduler = scheduler ?? DispatchListScheduler(queue: queue)
    }

    // MARK: Data source

    /// Fetches the rows with `fetch`, which must call its completion once, from any thread
    /// (``PhotoSource/load(_:loader:completion:)`` does, off the caller's thread). Until then
    /// the source is ``PhotoListSourceState/loading``; a failure becomes
    /// ``PhotoListSourceState/failed(message:)``, never a crash.
    ///
    /// A second load replaces the first: should the first end later, its rows are ignored.
    public func loadSource(_ fetch: (@escaping @Sendable (Result<[PhotoEntry], PhotoSourceError>) -> Void) -> Void) {
        sourceGeneration += 1
        let generation = sourceGeneration
        sourceState = .loading
        publish(.source)
        fetch { result in
            self.queue.async {
                guard generation == self.sourceGeneration else { return }
                self.sourceLoaded(result)
            }
        }
    }

    private func sourceLoaded(_ result: Result<[PhotoEntry], PhotoSourceError>) {
        switch result {
        case .success(let entries):
            // A second load replaces every row: work and tallies by row number mean nothing now.
            cancelWork()
            rowsWithImages = []
            workDone = (IndexSet(), IndexSet())
            records = entries.map(PhotoRecord.init(entry:))
            rowsShown = IndexSet(integersIn: visibleRows)
            sourceState = .loaded
        case .failure(let error):
            sourceState = .failed(message: error.description)
        }
        publish(.source)
        if scrollPhase == .idle { reconcile() }
    }

    // MARK: What is on screen

    /// Tells the controller which rows are on screen after a layout change that is not a
    /// scroll (the first layout, a resize): their work starts at once unless the user is
    /// scrolling.
    public func show(rows: Range<Int>) {
        noteVisible(rows)
        if scrollPhase == .idle { reconcile() }
    }

    /// Tells the controller that the user scrolled and `rows` are on screen now. The queues
    /// are suspended until no scroll input has come for the settle delay.
    public func scroll(toShow rows: Range<Int>) {
        if rows.lowerBound != visibleRows.lowerBound { scrollsDown = rows.lowerBound > visibleRows.lowerBound }
        noteVisible(rows)
        guard configuration.defersWorkWhileScrolling else {
            reconcile()
            return
        }
        if scrollPhase != .scrolling {
            loader.suspend()
            scrollPhase = .scrolling
            publish(.scrollPhase)
        }
        settleTimer?.cancel()
        settleTimer = scheduler.schedule(after: configuration.settleDelay) { [weak self] in
            self?.settle()
        }
    }

    private func noteVisible(_ rows: Range<Int>) {
        let before = visibleRows
        requestedRows = rows
        if visibleRows != before {
            prefetchTimer?.cancel()
            prefetchTimer = nil
            mayPrefetch = false
        }
        rowsShown.insert(integersIn: visibleRows)
    }

    /// Scrolling has stopped: reconcile the work with the screen and resume the queues.
    private func settle() {
        guard scrollPhase == .scrolling else { return }
        settleTimer = nil
        reconcile()
        loader.resume()
        scrollPhase = .idle
        publish(.scrollPhase)
    }

    // MARK: Rows

    /// Sends a failed row back to ``PhotoState/new`` and, if it is on screen, loads it again.
    /// Rows whose location is invalid cannot be retried.
    public func retry(row: Int) {
        guard records.indices.contains(row), records[row].reset() else { return }
        rowsWithImages.remove(row)
        publish(.rows([row]))
        if scrollPhase == .idle { reconcile() }
    }

    /// Whether the row has a download or a filter in progress.
    public func isWorking(row: Int) -> Bool {
        downloads[row] != nil || filtrations[row] != nil
    }

    /// How many rows have work in progress.
    public var workingRowCount: Int {
        Set(downloads.keys).union(filtrations.keys).count
    }

    /// How far the row's download has come, while one is in flight.
    public func downloadProgress(row: Int) -> DownloadProgress? {
        guard downloads[row] != nil, let url = records[row].url else { return nil }
        return loader.downloadProgress(for: url)
    }

    /// Cancels every download and filter in progress (when the app quits).
    public func cancelAll() {
        settleTimer?.cancel()
        cancelWork()
        loader.resume()
    }

    /// Cancels the rows' downloads and filters and any pending prefetch.
    private func cancelWork() {
        prefetchTimer?.cancel()
        prefetchTimer = nil
        mayPrefetch = false
        let pending = Array(downloads.values) + Array(filtrations.values)
        downloads = [:]
        filtrations = [:]
        pending.forEach { $0.cancel() }
    }

    // MARK: Work

    /// Cancels the work of rows that are not wanted any more, starts the work of the rows on
    /// screen (high priority) and of the prefetched rows (low priority), and drops the images
    /// of rows far from the screen.
    private func reconcile() {
        guard sourceState == .loaded else { return }
        let prefetched = prefetchRows()
        let wanted = Set(visibleRows).union(prefetched)
        cancel(&downloads, except: wanted)
        cancel(&filtrations, except: wanted)
        for row in visibleRows { startWork(row: row, priority: .high) }
        for row in prefetched { startWork(row: row, priority: .low) }
        armPrefetchIfScreenIsDone()
        discardDistantImages()
    }

    /// The rows to prefetch: none until the screen is done and the user stayed on it.
    private func prefetchRows() -> [Int] {
        let distance = configuration.prefetchRows
        guard mayPrefetch, distance > 0, screenIsDone else { return [] }
        let ahead = scrollsDown
            ? visibleRows.upperBound..<(visibleRows.upperBound + distance)
            : (visibleRows.lowerBound - distance)..<visibleRows.lowerBound
        return Array(ahead.clamped(to: 0..<records.count))
    }

    /// Whether every row on screen has its filtered photo or failed.
    private var screenIsDone: Bool {
        !visibleRows.isEmpty && visibleRows.allSatisfy { records[$0].state == .filtered || records[$0].state.isFailed }
    }

    /// Starts the prefetch delay once the screen is done, unless it runs or has run already.
    private func armPrefetchIfScreenIsDone() {
        guard configuration.prefetchRows > 0, !mayPrefetch, prefetchTimer == nil, screenIsDone else { return }
        prefetchTimer = scheduler.schedule(after: configuration.prefetchDelay) { [weak self] in
            guard let self else { return }
            prefetchTimer = nil
            mayPrefetch = true
            if scrollPhase == .idle { reconcile() }
        }
    }

    private func cancel(_ requests: inout [Int: any PhotoLoadingRequest], except wanted: Set<Int>) {
        for row in requests.keys where !wanted.contains(row) {
            requests.removeValue(forKey: row)?.cancel()
        }
    }

    /// Starts the work the row's state needs, or sets the priority of the work in progress.
    private func startWork(row: Int, priority: Operation.QueuePriority) {
        let record = records[row]
        guard let url = record.url else { return }
        switch record.state {
        case .new:
            if let pending = downloads[row] {
                pending.priority = priority
                return
            }
            let request = loader.loadOriginal(url, decoding: configuration.processing.decodingOptions, priority: priority)
            downloads[row] = request
            request.onFinish(on: queue) { [weak self, weak request] result in
                guard let self, let request else { return }
                self.downloadEnded(row: row, request: request, result: result)
            }
        case .downloaded:
            if let pending = filtrations[row] {
                pending.priority = priority
                return
            }
            guard let original = record.image else { return }
            let request = loader.loadProcessed(original, of: url, processing: configuration.processing, priority: priority)
            filtrations[row] = request
            request.onFinish(on: queue) { [weak self, weak request] result in
                guard let self, let request else { return }
                self.filtrationEnded(row: row, request: request, result: result)
            }
        case .filtered, .failed:
            break
        }
    }

    private func downloadEnded(row: Int, request: any PhotoLoadingRequest, result: PhotoResult<RGBAImage>) {
        guard Self.claim(&downloads, row: row, request) else { return }
        switch result {
        case .success(let original):
            guard records[row].markDownloaded(original) else { return }
            rowsWithImages.insert(row)
            workDone.downloaded.insert(row)
            publish(.rows([row]))
            if scrollPhase == .idle && visibleOrPrefetched(row) {
                startWork(row: row, priority: visibleRows.contains(row) ? .high : .low)
            }
        case .failure(let reason):
            fail(row: row, reason: reason)
        case .cancelled:
            break
        }
    }

    private func filtrationEnded(row: Int, request: any PhotoLoadingRequest, result: PhotoResult<RGBAImage>) {
        guard Self.claim(&filtrations, row: row, request) else { return }
        switch result {
        case .success(let filtered):
            guard records[row].markFiltered(filtered) else { return }
            workDone.filtered.insert(row)
            publish(.rows([row]))
            if scrollPhase == .idle && visibleRows.contains(row) { reconcile() }
        case .failure(let reason):
            fail(row: row, reason: reason)
        case .cancelled:
            break
        }
    }

    /// Forgets `request` as the row's work in progress; false when the row has other work now
    /// (or none: it was cancelled), whose result this is not.
    private static func claim(_ requests: inout [Int: any PhotoLoadingRequest], row: Int, _ request: any PhotoLoadingRequest) -> Bool {
        guard let current = requests[row], current === request else { return false }
        requests[row] = nil
        return true
    }

    private func fail(row: Int, reason: String) {
        guard records[row].markFailed(reason: reason) else { return }
        publish(.rows([row]))
        if scrollPhase == .idle && visibleRows.contains(row) { reconcile() }
    }

    private func visibleOrPrefetched(_ row: Int) -> Bool {
        visibleRows.contains(row) || prefetchRows().contains(row)
    }

    /// Drops the images of rows beyond the retain distance that have no work in progress.
    private func discardDistantImages() {
        let distance = configuration.retainedRows
        let kept = (visibleRows.lowerBound - distance)..<(visibleRows.upperBound + distance)
        var changed: [Int] = []
        for row in rowsWithImages where !kept.contains(row) && !isWorking(row: row) {
            if records[row].discardImage() { changed.append(row) }
            rowsWithImages.remove(row)
        }
        if !changed.isEmpty { publish(.rows(changed.sorted())) }
    }

    private func publish(_ change: PhotoListChange) {
        onChange?(change)
    }
}
