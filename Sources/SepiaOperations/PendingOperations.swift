/// The work in progress for each key (such as a row), across named stages, each with its own
/// queue: the tutorial's `PendingOperations`, generalised. Thread-safe.
///
/// The work is `Work`: the tutorial's `Operation`s, added to a stage's queue, or handles on work
/// that runs on those queues already (a photo pipeline's `PhotoTask`s), tracked.
///
/// ```swift
/// // "Download queue", "Image Filtration queue"
/// let pending = PendingOperations<IndexPath, Operation>()
/// let downloads = pending.stage(named: StageConfiguration.downloadName)!
/// if downloads.work(forKey: row) == nil { downloads.add(download, forKey: row) }
/// ```
public final class PendingOperations<Key: Hashable & Sendable, Work: PendingWork>: Sendable {
    /// The stages, in the order they were configured.
    public let stages: [OperationStage<Key, Work>]
    private let stagesByName: [String: OperationStage<Key, Work>]

    /// Creates one stage per configuration; names must be unique.
    /// By default: the tutorial's download and filter stages.
    public convenience init(stages configurations: [StageConfiguration] = [.download(), .filtration()]) {
        self.init(stages: configurations.map { OperationStage<Key, Work>(configuration: $0) })
    }

    /// One stage over each of `queues` (queues that others add operations to as well, such as
    /// a photo pipeline's), to track per key the work that runs on them; names must be unique.
    public convenience init(queues: [CountedQueue]) {
        self.init(stages: queues.map { OperationStage<Key, Work>(queue: $0) })
    }

    private init(stages: [OperationStage<Key, Work>]) {
        let stagesByName = Dictionary(stages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        precondition(stagesByName.count == stages.count, "stage names must be unique")
        self.stages = stages
        self.stagesByName = stagesByName
    }

    /// The stage called `name`, if there is one.
    public func stage(named name: String) -> OperationStage<Key, Work>? {
        stagesByName[name]
    }

    /// The keys that have work in progress in any stage.
    public var keys: Set<Key> {
        stages.reduce(into: Set<Key>()) { $0.formUnion($1.keys) }
    }

    /// Cancels and forgets the work of `keys` in every stage.
    public func cancel(keys: some Sequence<Key>) {
        let keys = Array(keys)
        stages.forEach { $0.cancel(keys: keys) }
    }

    /// Cancels and forgets all the work in every stage.
    public func cancelAll() {
        stages.forEach { $0.cancelAll() }
    }

    /// Suspends every stage's queue (for instance while the user scrolls).
    public func suspendAll() {
        stages.forEach { $0.suspend() }
    }

    /// Resumes every stage's queue.
    public func resumeAll() {
        stages.forEach { $0.resume() }
    }

    /// A snapshot of every stage, in stage order.
    public var counters: [StageCounters] {
        stages.map(\.counters)
    }
}
