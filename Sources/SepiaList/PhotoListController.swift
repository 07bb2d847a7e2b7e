import Dispatch
public import Foundation
import SepiaImaging
public import SepiaOperations
public import SepiaPipeline

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
/// - The filter can change at any time (``setFilter(_:)``): the filters in flight are
///   cancelled, downloads go on, and each filtered row keeps its photo until the new filter's
///   replaces it, filtered again as it would be filtered the first time (on screen once the
///   list is not scrolling, or prefetched).
///
/// Each row's work in progress is tracked, as in the tutorial, by a `PendingOperations` over
/// the loader's two queues: the row's download task in the "Download queue" stage, its filter
/// task in the "Image Filtration queue" stage.
///
/// It lives on the main actor: call it there; it publishes there.
@MainActor
public final class PhotoListController {
    /// The scheduling rules; ``setFilter(_:)`` changes their processing's filter.
    public private(set) var configuration: PhotoListConfiguration
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
    /// Called on the main actor after every change.
    public var onChange: ((PhotoListChange) -> Void)?

    private let loader: any PhotoListLoading
    private let scheduler: any ListScheduler
    /// Each row's tasks in progress, per queue: the tutorial's `PendingOperations`.
    private let pending: PendingOperations<Int, PhotoTask<RGBAImage>>
    /// The rows' download tasks (originals): `pending`'s first stage.
    private let downloads: OperationStage<Int, PhotoTask<RGBAImage>>
    /// The rows' filter tasks (processed photos): `pending`'s second stage.
    private let filtrations: OperationStage<Int, PhotoTask<RGBAImage>>
    /// Rows holding an image or a preview, whose pictures are dropped far from the screen.
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

    /// A controller that loads through `loader`.
    ///
    /// - Parameter scheduler: runs the settle and prefetch timers; by default dispatch timers
    ///   on the main queue.
    public init(
        loader: any PhotoListLoading, configuration: PhotoListConfiguration = PhotoListConfiguration(),
        scheduler: (any ListScheduler)? = nil
    ) {
        self.loader = loader
        self.configuration = configuration
        self.scheduler = scheduler ?? DispatchListScheduler()
        pending = loader.pendingTasks(keyedBy: Int.self)
        precondition(
            pending.stages.count == 2, "PhotoListLoading.pendingTasks(keyedBy:) gives two stages, originals' then processed photos'")
        downloads = pending.stages[0]
        filtrations = pending.stages[1]
    }

    // MARK: Data source

    /// Fetches the rows with `fetch`, which must call its completion once, from any thread
    /// (`PhotoSource.load(_:loader:completion:)` does, off the caller's thread). Until then
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
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard generation == self.sourceGeneration else { return }
                    self.sourceLoaded(result)
                }
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
            pending.suspendAll()
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
        pending.resumeAll()
        scrollPhase = .idle
        publish(.scrollPhase)
    }

    // MARK: Rows

    /// Sends a failed row back to ``PhotoState/new`` and, if it is on screen, loads it again.
    /// Only rows that ``PhotoRecord/canRetry`` are: not an invalid location, nor a failure
    /// trying again repeats (bytes that do not decode, an HTTP 404).
    public func retry(row: Int) {
        guard records.indices.contains(row), records[row].reset() else { return }
        rowsWithImages.remove(row)
        publish(.rows([row]))
        if scrollPhase == .idle { reconcile() }
    }

    /// Whether the row has a download or a filter in progress.
    public func isWorking(row: Int) -> Bool {
        downloads.contains(row) || filtrations.contains(row)
    }

    /// How many rows have work in progress.
    public var workingRowCount: Int {
        pending.keys.count
    }

    /// How far the row's download has come, while one is in flight: the latest progress its
    /// task was told of.
    public func downloadProgress(row: Int) -> DownloadProgress? {
        downloads.work(forKey: row)?.latestProgress
    }

    /// The bytes of the row's original when it is an animation the loader kept
    /// (``PhotoListLoading/animationData(for:)``), for an ``AnimationPlayer``; nil for a still
    /// photo, a row without a URL, or bytes let go.
    public func animationData(row: Int) -> Data? {
        guard records.indices.contains(row), let url = records[row].url else { return nil }
        return loader.animationData(for: url)
    }

    /// Snapshots of the loader's queues, for a status panel.
    public var queueCounters: [StageCounters] {
        pending.counters
    }

    /// Makes `filter` the filter of the rows' photos. The filters in flight are cancelled
    /// (their photos would be the old filter's; a result already on its way is ignored) and
    /// the downloads go on. A filtered row keeps its photo, and its record the processing that
    /// made it, until the new filter's photo replaces them: the rows on screen are filtered
    /// again now, or when scrolling settles; other rows when they come on screen or are
    /// prefetched. The current filter again changes nothing.
    public func setFilter(_ filter: PhotoFilter) {
        guard filter != configuration.processing.filter else { return }
        configuration.processing.filter = filter
        filtrations.cancelAll()
        if scrollPhase == .idle { reconcile() }
    }

    /// Cancels every download and filter in progress (when the app quits).
    public func cancelAll() {
        settleTimer?.cancel()
        cancelWork()
        pending.resumeAll()
    }

    /// Cancels the rows' downloads and filters and any pending prefetch.
    private func cancelWork() {
        prefetchTimer?.cancel()
        prefetchTimer = nil
        mayPrefetch = false
        pending.cancelAll()
    }

    // MARK: Work

    /// Cancels the work of rows that are not wanted any more, starts the work of the rows on
    /// screen (high priority) and of the prefetched rows (low priority), and drops the images
    /// of rows far from the screen.
    private func reconcile() {
        guard sourceState == .loaded else { return }
        let prefetched = prefetchRows()
        let wanted = Set(visibleRows).union(prefetched)
        pending.cancel(keys: pending.keys.subtracting(wanted))
        for row in visibleRows { startWork(row: row, priority: .high) }
        for row in prefetched { startWork(row: row, priority: .low) }
        armPrefetchIfScreenIsDone()
        discardDistantImages()
    }

    /// The rows to prefetch: none until the screen is done and the user stayed on it.
    private func prefetchRows() -> [Int] {
        let distance = configuration.prefetchRows
        guard mayPrefetch, distance > 0, screenIsDone else { return [] }
        let ahead =
            scrollsDown
            ? visibleRows.upperBound..<(visibleRows.upperBound + distance)
            : (visibleRows.lowerBound - distance)..<visibleRows.lowerBound
        return Array(ahead.clamped(to: 0..<records.count))
    }

    /// Whether every row on screen has its photo through the current processing, or failed.
    private var screenIsDone: Bool {
        !visibleRows.isEmpty
            && visibleRows.allSatisfy { row in
                let record = records[row]
                return record.state.isFailed || record.state == .filtered && record.processing == configuration.processing
            }
    }

    /// Whether `record` has an original, or a photo of other processing, to filter.
    private func needsFilter(_ record: PhotoRecord) -> Bool {
        record.state == .downloaded || record.state == .filtered && record.processing != configuration.processing
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

    /// Starts the work the row's state needs, or sets the priority of the work in progress.
    private func startWork(row: Int, priority: PhotoPriority) {
        let record = records[row]
        guard let url = record.url else { return }
        let request = PhotoRequest(url: url, processing: configuration.processing, priority: priority)
        if record.state == .new {
            if let started = start(row: row, in: downloads, request: request, load: loader.original(for:), ended: downloadEnded) {
                followPreviews(of: started, row: row)
            }
        } else if needsFilter(record) {
            start(row: row, in: filtrations, request: request, load: loader.task(for:)) { [weak self] row, filtered in
                self?.filtrationEnded(row: row, filtered: filtered, processing: request.processing)
            }
        }
    }

    /// Tracks a new task for the row in `stage`, unless one is there already, whose priority
    /// then becomes the request's. `ended` gets the task's result unless the row's work was
    /// cancelled or replaced meanwhile.
    /// - Returns: the new task; nil when one was there already.
    @discardableResult
    private func start(
        row: Int, in stage: OperationStage<Int, PhotoTask<RGBAImage>>, request: PhotoRequest,
        load: (PhotoRequest) -> PhotoTask<RGBAImage>, ended: @escaping @MainActor @Sendable (Int, RGBAImage) -> Void
    ) -> PhotoTask<RGBAImage>? {
        if let task = stage.work(forKey: row) {
            task.priority = request.priority
            return nil
        }
        let task = load(request)
        stage.track(task, forKey: row)
        task.onFinish(on: .main) { [weak self, weak task] result in
            MainActor.assumeIsolated {
                guard let self, let task, stage.remove(task, forKey: row) else { return }
                switch result {
                case .success(let image): ended(row, image)
                case .failure(.cancelled): break
                case .failure(let error): self.fail(row: row, error)
                }
            }
        }
        return task
    }

    /// Shows the previews of the row's download while it is the row's (see `PreviewPolicy`).
    private func followPreviews(of task: PhotoTask<RGBAImage>, row: Int) {
        task.onPreview(on: .main) { [weak self, weak task] preview in
            MainActor.assumeIsolated {
                guard let self, let task, self.downloads.work(forKey: row) === task, self.records[row].markPreview(preview) else {
                    return
                }
                self.rowsWithImages.insert(row)
                self.publish(.rows([row]))
            }
        }
    }

    private func downloadEnded(row: Int, original: RGBAImage) {
        guard records[row].markDownloaded(original) else { return }
        rowsWithImages.insert(row)
        workDone.downloaded.insert(row)
        publish(.rows([row]))
        if scrollPhase == .idle && visibleOrPrefetched(row) {
            startWork(row: row, priority: visibleRows.contains(row) ? .high : .low)
        }
    }

    private func filtrationEnded(row: Int, filtered: RGBAImage, processing: PhotoProcessing) {
        guard records[row].markFiltered(filtered, processing: processing) else { return }
        workDone.filtered.insert(row)
        publish(.rows([row]))
        if scrollPhase == .idle && visibleRows.contains(row) { reconcile() }
    }

    private func fail(row: Int, _ error: PhotoError) {
        guard records[row].markFailed(error) else { return }
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
            if records[row].discardImage() || records[row].discardPreview() { changed.append(row) }
            rowsWithImages.remove(row)
        }
        if !changed.isEmpty { publish(.rows(changed.sorted())) }
    }

    private func publish(_ change: PhotoListChange) {
        onChange?(change)
    }
}
