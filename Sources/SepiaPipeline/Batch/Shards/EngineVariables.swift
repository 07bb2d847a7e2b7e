import Foundation

/// Reads the shard from each batch engine's own variables (see
/// ``ShardAssignment/fromEnvironment(_:shards:)``).
///
/// References: Slurm's sbatch(1) "OUTPUT ENVIRONMENT VARIABLES"; Kubernetes' Indexed Job
/// (https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode); AWS Batch
/// (https://docs.aws.amazon.com/batch/latest/userguide/job_env_vars.html); Google Cloud Batch
/// (https://cloud.google.com/batch/docs/create-run-job#environment_variables); Cloud Run jobs
/// (https://cloud.google.com/run/docs/container-contract#jobs-env-vars).
struct EngineVariables {
    let environment: [String: String]
    let shards: Int?

    /// One assignment per engine whose index variable is set.
    func assignments() throws(BatchShardError) -> [ShardAssignment] {
        var found: [ShardAssignment] = []
        if let slurm = try slurmArray() { found.append(slurm) }
        if let index = try number("JOB_COMPLETION_INDEX") {
            found.append(try assignment(zeroBased: index, indexName: "JOB_COMPLETION_INDEX", count: try kubernetesCount()))
        }
        for (indexName, countName) in [
            ("AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE"),
            ("BATCH_TASK_INDEX", "BATCH_TASK_COUNT"),
            ("CLOUD_RUN_TASK_INDEX", "CLOUD_RUN_TASK_COUNT"),
        ] {
            guard let index = try number(indexName) else { continue }
            found.append(try assignment(zeroBased: index, indexName: indexName, count: try required(countName, with: indexName)))
        }
        return found
    }

    /// A Slurm array task's shard: its position in the array `MIN, MIN+STEP, …` of COUNT tasks;
    /// or, when the number of shards is given (`--shards`, ``ShardAssignment/shardCountVariable``),
    /// the task's own index counted from 0, so that a task submitted again alone
    /// (`sbatch --array=2`, an array of one) keeps its shard.
    private func slurmArray() throws(BatchShardError) -> ShardAssignment? {
        let name = "SLURM_ARRAY_TASK_ID"
        guard let id = try number(name) else { return nil }
        if let count = try givenCount() { return try assignment(zeroBased: id, indexName: name, count: count) }
        let minimum = try required("SLURM_ARRAY_TASK_MIN", with: name)
        let count = try required("SLURM_ARRAY_TASK_COUNT", with: name)
        let step = max(1, try number("SLURM_ARRAY_TASK_STEP") ?? 1)
        let uneven = BatchShardError.inconsistent(
            "the Slurm array's indices are not evenly spaced (SLURM_ARRAY_TASK_MIN \(minimum), STEP \(step), COUNT \(count)"
                + ", task \(id)): use --array=FIRST-LAST, or give --shard K/N")
        if let maximum = try number("SLURM_ARRAY_TASK_MAX"), count > 0, minimum + (count - 1) * step != maximum { throw uneven }
        guard id >= minimum, (id - minimum) % step == 0 else { throw uneven }
        return try assignment(zeroBased: (id - minimum) / step, indexName: name, count: count)
    }

    /// The number of shards of a Kubernetes Indexed Job: `--shards`, or ``ShardAssignment/shardCountVariable``.
    private func kubernetesCount() throws(BatchShardError) -> Int {
        guard let count = try givenCount() else {
            throw .inconsistent(
                "JOB_COMPLETION_INDEX is set but not the number of shards: give --shards N or set \(ShardAssignment.shardCountVariable) to the Job's completions"
            )
        }
        return count
    }

    /// The number of shards given by the user: `--shards`, or ``ShardAssignment/shardCountVariable``
    /// (which must agree); nil when neither is.
    func givenCount() throws(BatchShardError) -> Int? {
        let variable = try number(ShardAssignment.shardCountVariable)
        if let shards, let variable, shards != variable {
            throw .inconsistent("--shards is \(shards) but \(ShardAssignment.shardCountVariable) is \(variable)")
        }
        return shards ?? variable
    }

    private func assignment(zeroBased index: Int, indexName: String, count: Int) throws(BatchShardError) -> ShardAssignment {
        guard count >= 1 else { throw .inconsistent("\(indexName) is set but the number of tasks is \(count)") }
        guard index < count else {
            throw .inconsistent("\(indexName) is \(index), beyond the \(count) tasks (counted from 0) that the engine's count allows")
        }
        return ShardAssignment(shard: try BatchShard(index: index + 1, count: count), source: indexName)
    }

    private func required(_ name: String, with indexName: String) throws(BatchShardError) -> Int {
        guard let value = try number(name) else { throw .inconsistent("\(indexName) is set but \(name) is not: give --shard K/N") }
        return value
    }

    /// The variable's value as a whole number of 0 or more, nil when unset or empty.
    private func number(_ name: String) throws(BatchShardError) -> Int? {
        guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw .badVariable(name: name, value: text, expected: "a whole number of 0 or more")
        }
        return value
    }
}
