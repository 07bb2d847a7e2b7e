/// The shard a task runs and what said so: `--shard`, or a batch engine's variables.
public struct ShardAssignment: Sendable, Equatable, CustomStringConvertible {
    /// The task's shard.
    public let shard: BatchShard
    /// What named it: "--shard", or the variable that carries the task's index
    /// ("SLURM_ARRAY_TASK_ID").
    public let source: String

    /// An assignment of `shard` by `source`.
    public init(shard: BatchShard, source: String) {
        self.shard = shard
        self.source = source
    }

    /// The ``source`` of a shard given on the command line.
    public static let commandLineSource = "--shard"

    /// Whether the shard was given by hand (`--shard K/N`) rather than by an engine.
    public var isFromCommandLine: Bool { source == Self.commandLineSource }

    /// "shard 3 of 4 from SLURM_ARRAY_TASK_ID".
    public var description: String { "shard \(shard.index) of \(shard.count) from \(source)" }

    /// The variable that carries the number of shards for a Kubernetes Indexed Job (set it to
    /// the Job's `completions`); Kubernetes itself gives only the index.
    public static let shardCountVariable = "SEPIA_SHARDS"

    /// The shard that a batch engine's variables give this task, or nil when no engine's
    /// index variable is set (the task runs the whole batch).
    ///
    /// Read, in this order (each index counted from 0, or from the array's first index):
    /// - Slurm job arrays: `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN`,
    ///   `SLURM_ARRAY_TASK_COUNT` (and `SLURM_ARRAY_TASK_STEP`, `SLURM_ARRAY_TASK_MAX` when set);
    ///   an array whose indices are not evenly spaced (`--array=1,2,7`) is an error. When the
    ///   number of shards is given (`shards` or ``shardCountVariable``), the task's index
    ///   counted from 0 is its shard, whatever the array: a task submitted again alone keeps it;
    /// - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX`, with the count from `shards` or
    ///   ``shardCountVariable``;
    /// - AWS Batch array jobs: `AWS_BATCH_JOB_ARRAY_INDEX`, `AWS_BATCH_JOB_ARRAY_SIZE`;
    /// - Google Cloud Batch: `BATCH_TASK_INDEX`, `BATCH_TASK_COUNT`;
    /// - Cloud Run jobs: `CLOUD_RUN_TASK_INDEX`, `CLOUD_RUN_TASK_COUNT`.
    ///
    /// - Parameter shards: the number of shards given on the command line (`--shards N`), or nil.
    /// - Throws: ``BatchShardError`` when a variable is not a number, the variables do not fit
    ///   together, two engines name different shards, or `shards` disagrees with an engine's count.
    public static func fromEnvironment(_ environment: [String: String], shards: Int?) throws(BatchShardError) -> ShardAssignment? {
        let variables = EngineVariables(environment: environment, shards: shards)
        let readings = try variables.assignments()
        guard let first = readings.first else {
            if let shards {
                throw .inconsistent(
                    "--shards \(shards) needs the task's index: give --shard K/N, or run as a Kubernetes Indexed Job (JOB_COMPLETION_INDEX)"
                )
            }
            return nil
        }
        for other in readings.dropFirst() where other.shard != first.shard {
            throw .disagreement(first: first.description, second: other.description)
        }
        if let count = try variables.givenCount(), count != first.shard.count {
            throw .disagreement(first: first.description, second: "the number of shards given is \(count)")
        }
        return first
    }
}
