import Foundation
import SepiaImaging
import SepiaOperations

/// Downloads, processes and writes every photo of a manifest: the engine of `sepia process`.
///
/// Downloads run on the "Download queue" and CPU work on the "Image Filtration queue", as
/// chains of dependent operations (see ``PhotoOperations``). Rows with the same location
/// share one download and one processing chain. Only a window of photos is in flight at a
/// time, which bounds memory and keeps the queues short. Each row's outcome is handed to the
/// caller as it happens and only counted here, so a batch of a million rows needs memory for
/// the photos in flight, not for the rows. The end of the batch is announced through a
/// ``BatchGroup``.
public final class BatchProcessor: Sendable {
    /// What the batch tells its caller as it runs.
    private struct Handlers: Sendable {
        let progress: @Sendable (BatchProgress) -> Void
        let outcome: @Sendable (BatchOutcome) -> Void
    }

    private struct State: Sendable {
        var progress: BatchProgress
        var handlers: Handlers?
        var nextGroup = 0
        var isCancelled = false
    }

    private let entries: [PhotoEntry]
    private let options: BatchOptions
    private let loader: HTTPLoader
    private let plan: BatchPlan
    private let naming: OutputNaming
    private let downloadQueue: OperationQueue
    private let filtrationQueue: OperationQueue
    private let group = BatchGroup()
    private let state: Locked<State>

    /// Prepares a batch over `entries`; nothing runs until ``start(progress:outcome:completion:)``.
    public init(entries: [PhotoEntry], options: BatchOptions, loader: HTTPLoader) {
        self.entries = entries
        self.options = options
        self.loader = loader
        plan = BatchPlan(entries: entries)
        naming = OutputNaming(entries: entries, pathExtension: options.format.format.fileExtension)
        downloadQueue = OperationQueue(configuration: .download(maxConcurrentOperationCount: options.downloads))
        filtrationQueue = OperationQueue(configuration: .filtration(maxConcurrentOperationCount: options.jobs))
        state = Locked(State(progress: BatchProgress(total: entries.count)))
    }

    /// Creates `folder` if needed and checks that a file can be written in it, so that a batch
    /// whose output cannot be written fails once, before any download.
    ///
    /// - Throws: ``BatchOutputError`` saying what the system refused.
    public static func prepareOutputFolder(_ folder: URL) throws(BatchOutputError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw BatchOutputError(folder: folder, reason: (error as NSError).localizedDescription)
        }
        do throws(LocalFileError) {
            let probe = folder.appendingPathComponent(".sepia-write-check-\(UUID().uuidString)").path
            try LocalFile.create(probe, contents: Data())
            LocalFile.remove(probe)
        } catch {
            throw BatchOutputError(folder: folder, reason: error.description)
        }
    }

    /// Starts the batch. `outcome` is called once for every row as it ends, `progress` after
    /// each change, and `completion` once with the final counts after every row's outcome
    /// (and the handlers' calls) returned; all on arbitrary threads. Call it once.
    public func start(
        progress: @escaping @Sendable (BatchProgress) -> Void = { _ in },
        outcome: @escaping @Sendable (BatchOutcome) -> Void,
        completion: @escaping @Sendable (BatchProgress) -> Void
    ) {
        state.withLock { $0.handlers = Handlers(progress: progress, outcome: outcome) }
        do throws(BatchOutputError) {
            try Self.prepareOutputFolder(options.output)
        } catch {
            let reason = error.description
            for row in entries.indices { record(.failed(reason), row: row) }
            completion(self.progress)
            return
        }
        for row in plan.invalidRows {
            if let reason = entries[row].location.invalidReason { record(.failed(reason), row: row) }
        }
        group.enter() // held until the first groups have started, so an early end cannot fire too soon
        for _ in 0..<(options.jobs * 3) { startNextGroup() }
        group.leave()
        group.notify(on: .global()) {
            self.recordUnstartedGroupsAsCancelled()
            completion(self.progress)
        }
    }

    /// Runs the batch and waits for its end, returning every row's outcome in manifest order:
    /// for tools, benchmarks and tests with batches of a size that fits in memory, never for a
    /// UI thread. `progress` is called after each change, on arbitrary threads.
    public func runUntilDone(progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }) -> [BatchOutcome] {
        let done = DispatchSemaphore(value: 0)
        let outcomes = Locked([BatchOutcome?](repeating: nil, count: entries.count))
        start(progress: progress, outcome: { outcome in
            outcomes.withLock { $0[outcome.row] = outcome }
        }, completion: { _ in
            done.signal()
        })
        done.wait()
        return outcomes.withLock { $0.compactMap { $0 } }
    }

    /// The latest progress.
    public var progress: BatchProgress {
        state.withLock { $0.progress }
    }

    /// The file the photo of `row` is written to (whether or not it was).
    public func outputFile(forRow row: Int) -> URL {
        options.output.appendingPathComponent(naming.fileName(at: row))
    }

    /// Cancels everything in flight; photos not done yet end as `.cancelled`. No group starts
    /// after this returns, and one that was starting meanwhile is cancelled by its starter.
    public func cancel() {
        state.withLock { $0.isCancelled = true }
        downloadQueue.cancelAllOperations()
        filtrationQueue.cancelAllOperations()
    }

    /// Takes the next group to start, if any is left and the batch is not cancelled.
    private func claimNextGroup() -> Int? {
        state.withLock { state in
            guard !state.isCancelled, state.nextGroup < plan.groupStarts.count else { return nil }
            defer { state.nextGroup += 1 }
            return plan.groupStarts[state.nextGroup]
        }
    }

    /// Starts the chain of the next group that has a file to write, settling on the way the
    /// rows whose file is already there. A loop, not a recursion: a million rows that are all
    /// done must not nest a million calls.
    private func startNextGroup() {
        while let firstRow = claimNextGroup() {
            var rows: [(index: Int, file: URL)] = []
            for row in plan.rows(ofGroupStartingAt: firstRow) {
                let file = outputFile(forRow: row)
                if !options.refresh && LocalFile.exists(file.path) {
                    record(.skipped(file), row: row)
                } else {
                    rows.append((row, file))
                }
            }
            guard !rows.isEmpty else { continue }
            guard let url = entries[firstRow].location.url else {
                // Only a location string that no longer parses: its rows fail, the batch goes on.
                for row in rows { record(.failed("\(entries[firstRow].location) cannot be read as a URL"), row: row.index) }
                continue
            }
            group.enter()
            let operations = chain(for: rows, url: url)
            downloadQueue.addOperation(operations.source)
            filtrationQueue.addOperations(operations.work, waitUntilFinished: false)
            // `cancel()` may have run since the claim, before these were in the queues.
            if state.withLock({ $0.isCancelled }) {
                ([operations.source] + operations.work).forEach { $0.cancel() }
            }
            return
        }
    }

    /// Builds download → decode → filter → resize → encode → save for one group's rows.
    private func chain(for rows: [(index: Int, file: URL)], url: URL) -> (source: Operation, work: [Operation]) {
        let source = DownloadOperation(url: url, loader: loader, cache: options.originals, refresh: options.refresh)
        let decode = PhotoOperations.decode(source, options: options.processing.decodingOptions)
        let processed = PhotoOperations.process(decode, as: options.processing, takingImage: true)
        let filtered = processed.steps[0]
        let encoded = PhotoOperations.encode(processed.last, as: options.format)
        var work: [Operation] = [decode] + processed.steps + [encoded]
        let remaining = Locked(rows.count)
        for row in rows {
            let save = PhotoOperations.save(encoded, to: row.file)
            // The one handler of the chain: each handler is a hand-off to another thread.
            save.onFinish(on: .global()) { [weak self] result in
                guard let self else { return }
                // The row is recorded before the group counts it: the last row of the group
                // may end the batch, and every row must have its outcome by then.
                record(Self.state(of: result), row: row.index)
                let groupDone = remaining.withLock { count -> Bool in
                    count -= 1
                    return count == 0
                }
                guard groupDone else { return }
                countWork(downloaded: source.bytesDownloaded, decoded: filtered.result)
                startNextGroup()
                group.leave()
            }
            work.append(save)
        }
        return (source, work)
    }

    /// Reports the rows of the groups that never started (the batch was cancelled) as cancelled.
    private func recordUnstartedGroupsAsCancelled() {
        let unstarted = state.withLock { $0.nextGroup } ..< plan.groupStarts.count
        for group in unstarted {
            for row in plan.rows(ofGroupStartingAt: plan.groupStarts[group]) { record(.cancelled, row: row) }
        }
    }

    /// Adds a finished group's downloaded bytes and decoded megapixels to the progress (the
    /// filter took the decoded image and keeps its size).
    private func countWork(downloaded bytes: Int, decoded: OperationResult<RGBAImage>?) {
        let pixels = if case .success(let image)? = decoded { image.pixelCount } else { 0 }
        guard bytes > 0 || pixels > 0 else { return }
        let (snapshot, handlers) = state.withLock { state in
            state.progress.bytesDownloaded += bytes
            state.progress.megapixels += Double(pixels) / 1e6
            return (state.progress, state.handlers)
        }
        handlers?.progress(snapshot)
    }

    private static func state(of result: OperationResult<URL>) -> BatchOutcome.State {
        switch result {
        case .success(let file): .written(file)
        case .cancelled: .cancelled
        case .failure(DependencyError.inputCancelled): .cancelled
        case .failure(DependencyError.inputFailed(let cause)): .failed(String(describing: cause))
        case .failure(let error): .failed(String(describing: error))
        }
    }

    /// Counts the row's outcome and hands it to the caller.
    private func record(_ outcome: BatchOutcome.State, row: Int) {
        let (snapshot, handlers) = state.withLock { state in
            switch outcome {
            case .written, .skipped: state.progress.done += 1
            case .failed: state.progress.failed += 1
            case .cancelled: state.progress.cancelled += 1
            }
            return (state.progress, state.handlers)
        }
        handlers?.outcome(BatchOutcome(row: row, name: entries[row].name, state: outcome))
        handlers?.progress(snapshot)
    }
}
