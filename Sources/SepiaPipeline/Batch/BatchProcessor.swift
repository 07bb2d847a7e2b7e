import Foundation
import SepiaImaging
import SepiaOperations

/// Downloads, processes and writes every photo of a manifest: the engine of `sepia process`.
///
/// Downloads run on the "Download queue" and CPU work on the "Image Filtration queue", as
/// chains of dependent operations (see ``PhotoOperations``). Rows with the same location
/// share one download and one processing chain. Only a window of photos is in flight at a
/// time, which bounds memory and keeps the queues short. The end of the batch is announced
/// through a ``BatchGroup``.
public final class BatchProcessor: Sendable {
    private struct State {
        var outcomes: [BatchOutcome?]
        var progress: BatchProgress
        var groups: [Group] = []
        var nextGroup = 0
        var isCancelled = false
    }

    /// The rows of one location: one chain of work, one file per row.
    private struct Group: Sendable {
        let location: URL
        let rows: [(index: Int, file: URL)]
    }

    private let entries: [PhotoEntry]
    private let options: BatchOptions
    private let loader: HTTPLoader
    private let downloadQueue: OperationQueue
    private let filtrationQueue: OperationQueue
    private let group = BatchGroup()
    private let state: Locked<State>
    private let progressHandler: Locked<(@Sendable (BatchProgress) -> Void)?> = Locked(nil)

    /// Prepares a batch over `entries`; nothing runs until ``start(progress:completion:)``.
    public init(entries: [PhotoEntry], options: BatchOptions, loader: HTTPLoader) {
        self.entries = entries
        self.options = options
        self.loader = loader
        downloadQueue = OperationQueue(configuration: .download(maxConcurrentOperationCount: options.downloads))
        filtrationQueue = OperationQueue(configuration: .filtration(maxConcurrentOperationCount: options.jobs))
        state = Locked(State(outcomes: Array(repeating: nil, count: entries.count), progress: BatchProgress(total: entries.count)))
    }

    /// Starts the batch. `progress` is called after each photo, `completion` once with every
    /// photo's outcome in manifest order; both on arbitrary threads.
    public func start(
        progress: @escaping @Sendable (BatchProgress) -> Void = { _ in },
        completion: @escaping @Sendable ([BatchOutcome]) -> Void
    ) {
        progressHandler.withLock { $0 = progress }
        do {
            try FileManager.default.createDirectory(at: options.output, withIntermediateDirectories: true)
        } catch {
            let reason = "cannot create the output folder \(options.output.path): \((error as NSError).localizedDescription)"
            for index in entries.indices { record(.failed(reason), at: index) }
            completion(outcomes())
            return
        }
        planGroups()
        group.enter() // held until every group has been started, so an early end cannot fire too soon
        for _ in 0..<(options.jobs * 3) { startNextGroup() }
        group.leave()
        group.notify(on: .global()) { completion(self.outcomes()) }
    }

    /// Runs the batch and waits for its end: for command-line tools, benchmarks and tests,
    /// never for a UI thread. `progress` is called after each photo, on arbitrary threads.
    public func runUntilDone(progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }) -> [BatchOutcome] {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<[BatchOutcome]>([])
        start(progress: progress) { outcomes in
            result.withLock { $0 = outcomes }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }

    /// The latest progress.
    public var progress: BatchProgress {
        state.withLock { $0.progress }
    }

    /// Cancels everything in flight; photos not done yet end as `.cancelled`.
    public func cancel() {
        state.withLock { $0.isCancelled = true }
        downloadQueue.cancelAllOperations()
        filtrationQueue.cancelAllOperations()
    }

    /// The outcomes so far; photos not finished yet count as cancelled.
    private func outcomes() -> [BatchOutcome] {
        state.withLock { state in
            state.outcomes.enumerated().map { $1 ?? BatchOutcome(name: entries[$0].name, state: .cancelled) }
        }
    }

    /// Settles the rows that need no work and groups the rest by location.
    private func planGroups() {
        let names = OutputNaming.fileNames(for: entries, pathExtension: options.format.format.fileExtension)
        var rowsByLocation: [URL: [(index: Int, file: URL)]] = [:]
        var order: [URL] = []
        for (index, entry) in entries.enumerated() {
            let file = options.output.appendingPathComponent(names[index])
            let location: URL
            switch entry.location {
            case .invalid(let reason):
                record(.failed(reason), at: index)
                continue
            case .remote(let url), .file(let url):
                location = url
            }
            if !options.refresh && FileManager.default.fileExists(atPath: file.path) {
                record(.skipped(file), at: index)
                continue
            }
            if rowsByLocation[location] == nil { order.append(location) }
            rowsByLocation[location, default: []].append((index, file))
        }
        let groups = order.map { Group(location: $0, rows: rowsByLocation[$0]!) }
        state.withLock { $0.groups = groups }
    }

    /// Starts the chain of the next group, if any is left and the batch is not cancelled.
    private func startNextGroup() {
        let next = state.withLock { state -> Group? in
            guard !state.isCancelled, state.nextGroup < state.groups.count else { return nil }
            defer { state.nextGroup += 1 }
            return state.groups[state.nextGroup]
        }
        guard let next else { return }
        group.enter()
        let operations = chain(for: next)
        downloadQueue.addOperation(operations.source)
        filtrationQueue.addOperations(operations.work, waitUntilFinished: false)
    }

    /// Builds download → decode → filter → resize → encode → save for one group.
    private func chain(for group: Group) -> (source: Operation, work: [Operation]) {
        let source = DownloadOperation(url: group.location, loader: loader, cache: options.originals, refresh: options.refresh)
        let decode = PhotoOperations.decode(source, options: options.processing.decodingOptions)
        let processed = PhotoOperations.process(decode, as: options.processing, takingImage: true)
        let filtered = processed.steps[0]
        let encoded = PhotoOperations.encode(processed.last, as: options.format)
        var work: [Operation] = [decode] + processed.steps + [encoded]
        let remaining = Locked(group.rows.count)
        for row in group.rows {
            let save = PhotoOperations.save(encoded, to: row.file)
            // The one handler of the chain: each handler is a hand-off to another thread.
            save.onFinish(on: .global()) { [weak self] result in
                guard let self else { return }
                let groupDone = remaining.withLock { count -> Bool in
                    count -= 1
                    return count == 0
                }
                if groupDone { countWork(downloaded: source.bytesDownloaded, decoded: filtered.result) }
                record(Self.state(of: result), at: row.index)
                if groupDone {
                    startNextGroup()
                    self.group.leave()
                }
            }
            work.append(save)
        }
        return (source, work)
    }

    /// Adds a finished group's downloaded bytes and decoded megapixels to the progress (the
    /// filter took the decoded image and keeps its size).
    private func countWork(downloaded bytes: Int, decoded: OperationResult<RGBAImage>?) {
        let pixels = if case .success(let image)? = decoded { image.pixelCount } else { 0 }
        guard bytes > 0 || pixels > 0 else { return }
        update { progress in
            progress.bytesDownloaded += bytes
            progress.megapixels += Double(pixels) / 1e6
        }
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

    private func record(_ outcome: BatchOutcome.State, at index: Int) {
        update { progress in
            switch outcome {
            case .written, .skipped: progress.done += 1
            case .failed: progress.failed += 1
            case .cancelled: progress.cancelled += 1
            }
        } recording: { $0.outcomes[index] = BatchOutcome(name: entries[index].name, state: outcome) }
    }

    private func update(_ change: (inout BatchProgress) -> Void, recording: (inout State) -> Void = { _ in }) {
        let snapshot = state.withLock { state -> BatchProgress in
            recording(&state)
            change(&state.progress)
            return state.progress
        }
        progressHandler.withLock { $0 }?(snapshot)
    }
}
