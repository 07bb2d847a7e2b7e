/// A snapshot of one ``OperationStage``, for a status panel.
public struct StageCounters: Sendable, Equatable {
    /// The stage's name.
    public var name: String
    /// Operations executing now.
    public var running: Int
    /// Operations in the queue that have not started (including cancelled ones that the
    /// queue has not started yet, for instance because it is suspended).
    public var waiting: Int
    /// Whether the stage's queue is suspended.
    public var isSuspended: Bool
    /// Operations that ended without being cancelled, whether they succeeded or failed.
    public var completed: Int
    /// Operations that ended cancelled.
    public var cancelled: Int

    /// Creates a snapshot.
    public init(name: String, running: Int, waiting: Int, isSuspended: Bool, completed: Int, cancelled: Int) {
        self.name = name
        self.running = running
        self.waiting = waiting
        self.isSuspended = isSuspended
        self.completed = completed
        self.cancelled = cancelled
    }
}
