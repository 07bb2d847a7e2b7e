public import Foundation
import SepiaImaging
import SepiaOperations

/// Downloads, processes and writes every photo of a manifest: the engine of `sepia process`.
///
/// Each photo is a ``PhotoPipeline/export(_:as:to:keepingMetadata:keepingAnimation:)`` of the batch's own pipeline: downloads
/// and saves run on its "Download queue" and CPU work on its "Image Filtration queue", as chains of
/// dependent operations (see ``PhotoOperations``). Rows with the same location share one
/// download and one processing chain. Only a window of photos is in flight at a
/// time, which bounds memory and keeps the queues short. Each row's outcome is handed to the
/// caller as it happens and only counted here, so a batch of a million rows needs memory for
/// the photos in flight, not for the rows. The end of the batch is announced through a
/// `BatchGroup`.
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

    /// The rows this processor runs, in manifest order: the batch's entries, or the share of
    /// them that ``BatchOptions/shard`` picks. Every row number it reports indexes this array.
    public let entries: [PhotoEntry]
    private let options: BatchOptions
    /// The batch's own pipeline: its queues sized by the options, no memory caches (each photo
    /// is written once), the options' disk cache of originals.
    public let pipeline: PhotoPipeline
    private let plan: BatchPlan
    private let naming: OutputNaming
    private let group = BatchGroup()
    private let state: Locked<State>

    /// Prepares a batch over `entries` (or over the share of them that `options.shard` picks),
    /// downloading through `loader`; nothing runs until ``start(progress:outcome:completion:)``.
    ///
    /// Each row keeps the file name it has in the whole batch, and only the rows of the shard
    /// are kept: the caller can drop `entries` once this returns.
    public init(entries: [PhotoEntry], options: BatchOptions, loader: any PhotoDataLoading) {
        let wholeNaming = OutputNaming(entries: entries, pathExtension: options.format.format.fileExtension)
        if options.shard.isWhole {
            naming = wholeNaming
        } else {
            let shard = options.shard
            naming = wholeNaming.restricted(to: entries.indices.filter { shard.contains(baseName: wholeNaming.baseName(at: $0)) })
        }
        self.entries = naming.namedEntries
        self.options = options
        var configuration = PhotoPipelineConfiguration(
            maxConcurrentDownloads: options.maxConcurrentDownloads, maxConcurrentFiltrations: options.maxConcurrentFiltrations,
            originalsCostLimit: 0, processedCostLimit: 0, diskCache: options.originals)
        configuration.memoryBudget = options.memoryBudget
        pipeline = PhotoPipeline(loader: loader, configuration: configuration)
        plan = BatchPlan(entries: self.entries)
        state = Locked(State(progress: BatchProgress(total: self.entries.count)))
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
            let probe = folder.appendingPathComponent(".sepia-write-check-\(UUID().uuidString)", isDirectory: false).path
            try LocalFile.create(probe, contents: Data())
            LocalFile.remove(probe)
        } catch {
            throw BatchOutputError(folder: folder, reason: error.description)
        }
    }

    /// Starts the batch. `outcome` is called once for every row as it ends, `progress` after
    /// each change, and `completion` once with the final counts after every row's outcome
    /// (and the handlers' calls) returned; all on arbitrary threads. Call it once.
    ///
    /// A whole batch, or the task of shard 1, first removes the temporary files that killed
    /// writers left in the output folder an hour or more ago (see `AbandonedTemporaryFiles`).
    public func start(
        progress: @escaping @Sendable (BatchProgress) -> Void = { _ in },
        outcome: @escaping @Sendable (BatchOutcome) -> Void,
        completion: @escaping @Sendable (BatchProgress) -> Void
    ) {
        state.withLock { $0.handlers = Handlers(progress: progress, outcome: outcome) }
        do throws(BatchOutputError) {
            try Self.prepareOutputFolder(options.output)
        } catch {
            let failure = PhotoError.saving(error.description)
            for row in entries.indices { record(.failed(failure), row: row) }
            completion(self.progress)
            return
        }
        if options.shard.index == 1 {
            // One task of a sharded batch, so that a thousand tasks do not all list a folder of a
            // million photos on shared storage.
            AbandonedTemporaryFiles.remove(in: options.output.path, where: LocalFile.isTemporaryName)
        }
        for row in plan.invalidRows {
            if let reason = entries[row].location.invalidReason { record(.failed(.invalidLocation(reason)), row: row) }
        }
        group.enter()  // held until the first groups have started, so an early end cannot fire too soon
        for _ in 0..<(options.maxConcurrentFiltrations * 3) { startNextGroup() }
        group.leave()
        group.notify(on: .global()) {
            self.recordUnstartedGroupsAsCancelled()
            completion(self.progress)
        }
    }

    /// Runs the batch to its end and returns every row's outcome in manifest order: for tools,
    /// benchmarks and tests with batches of a size that fits in memory. `progress` is called
    /// after each change, on arbitrary threads. Cancelling the Swift task cancels the batch.
    public func run(progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }) async -> [BatchOutcome] {
        let outcomes = Locked([BatchOutcome?](repeating: nil, count: entries.count))
        await withTaskCancellationHandler {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                start(
                    progress: progress,
                    outcome: { outcome in
                        outcomes.withLock { $0[outcome.row] = outcome }
                    },
                    completion: { _ in
                        finished.resume()
                    })
            }
        } onCancel: {
            cancel()
        }
        return outcomes.withLock { $0.compactMap { $0 } }
    }

    /// The latest progress.
    public var progress: BatchProgress {
        state.withLock { $0.progress }
    }

    /// The file the photo of `row` is written to (whether or not it was).
    public func outputFile(forRow row: Int) -> URL {
        options.output.appendingPathComponent(naming.fileName(at: row), isDirectory: false)
    }

    /// Cancels everything in flight; photos not done yet end as `.cancelled`. No group starts
    /// after this returns, and one that was starting meanwhile is cancelled by its starter.
    public func cancel() {
        state.withLock { $0.isCancelled = true }
        pipeline.cancelAll()
    }

    /// Takes the next group to start, if any is left and the batch is not cancelled.
    private func claimNextGroup() -> Int? {
        state.withLock { state in
            guard !state.isCancelled, state.nextGroup < plan.groupStarts.count else { return nil }
            defer { state.nextGroup += 1 }
            return plan.groupStarts[state.nextGroup]
        }
    }

    /// Starts the export of the next group that has a file to write, settling on the way the
    /// rows whose file is already there (a regular file of that name). A loop, not a recursion: a million rows that are all
    /// done must not nest a million calls.
    private func startNextGroup() {
        while let firstRow = claimNextGroup() {
            var rows: [(index: Int, file: URL)] = []
            for row in plan.rows(ofGroupStartingAt: firstRow) {
                let file = outputFile(forRow: row)
                // A regular file only: a symbolic link planted in a shared folder (or anything
                // else there) is no photo of this batch; the atomic write replaces it.
                if !options.refresh && LocalFile.status(file.path)?.isRegularFile == true {
                    record(.skipped(file), row: row)
                } else {
                    rows.append((row, file))
                }
            }
            guard !rows.isEmpty else { continue }
            // An outcome handler may have cancelled the batch while the rows above were
            // settled: then nothing of the group is queued.
            if state.withLock({ $0.isCancelled }) {
                for row in rows { record(.cancelled, row: row.index) }
                return
            }
            guard let url = entries[firstRow].location.url else {
                // Only a location string that no longer parses: its rows fail, the batch goes on.
                let failure = PhotoError.invalidLocation("\(entries[firstRow].location) cannot be read as a URL")
                for row in rows { record(.failed(failure), row: row.index) }
                continue
            }
            group.enter()
            let request = PhotoRequest(url: url, processing: options.processing, ignoresCachedData: options.refresh)
            let task = pipeline.export(
                request, as: options.format, to: rows.map { $0.file }, keepingMetadata: options.keepsMetadata,
                keepingAnimation: options.keepsAnimation)
            let groupRows = rows.map { $0.index }
            let started = ContinuousClock.now
            task.onFinishInline { [weak self] result in
                self?.groupEnded(rows: groupRows, took: ContinuousClock.now - started, result)
            }
            // `cancel()` may have run since the claim, before the export's operations were queued.
            if state.withLock({ $0.isCancelled }) { task.cancel() }
            return
        }
    }

    /// Records the rows of a group whose export ended, counts its work and starts the next group.
    /// The group's downloaded bytes are the first row's, so that the rows' bytes add up.
    private func groupEnded(rows: [Int], took duration: Duration, _ result: Result<PhotoExport, PhotoError>) {
        // Every row is recorded before the group leaves: the last group may end the batch, and
        // every row must have its outcome by then.
        let downloaded = (try? result.get())?.bytesDownloaded ?? 0
        for (position, row) in rows.enumerated() {
            let file = result.flatMap { $0.files[position] }
            let bytes = position == 0 ? downloaded : 0
            switch file {
            case .success(let url): record(.written(url), row: row, bytesDownloaded: bytes, duration: duration)
            case .failure(.cancelled): record(.cancelled, row: row, duration: duration)
            case .failure(let error): record(.failed(error), row: row, bytesDownloaded: bytes, duration: duration)
            }
        }
        if case .success(let export) = result { countWork(downloaded: export.bytesDownloaded, pixels: export.pixelCount) }
        startNextGroup()
        group.leave()
    }

    /// Reports the rows of the groups that never started (the batch was cancelled) as cancelled.
    private func recordUnstartedGroupsAsCancelled() {
        let unstarted = state.withLock { $0.nextGroup }..<plan.groupStarts.count
        for group in unstarted {
            for row in plan.rows(ofGroupStartingAt: plan.groupStarts[group]) { record(.cancelled, row: row) }
        }
    }

    /// Adds a finished group's downloaded bytes and decoded megapixels to the progress.
    private func countWork(downloaded bytes: Int, pixels: Int) {
        guard bytes > 0 || pixels > 0 else { return }
        let (snapshot, handlers) = state.withLock { state in
            state.progress.bytesDownloaded += bytes
            state.progress.megapixels += Double(pixels) / 1e6
            return (state.progress, state.handlers)
        }
        handlers?.progress(snapshot)
    }

    /// Counts the row's outcome and hands it to the caller.
    private func record(_ outcome: BatchOutcome.State, row: Int, bytesDownloaded: Int = 0, duration: Duration = .zero) {
        let (snapshot, handlers) = state.withLock { state in
            switch outcome {
            case .written, .skipped: state.progress.done += 1
            case .failed: state.progress.failed += 1
            case .cancelled: state.progress.cancelled += 1
            }
            return (state.progress, state.handlers)
        }
        handlers?.outcome(
            BatchOutcome(row: row, name: entries[row].name, state: outcome, bytesDownloaded: bytesDownloaded, duration: duration))
        handlers?.progress(snapshot)
    }
}
