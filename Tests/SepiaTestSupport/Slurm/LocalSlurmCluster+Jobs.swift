package import Foundation

/// Submitting jobs, reading their states and cancelling them.
///
/// States are read with `squeue --states=all --array` (slurmctld keeps finished jobs for an
/// hour: there is no accounting, so no `sacct`), one per array task, in Slurm's words:
/// "PENDING", "RUNNING", "COMPLETING", then one of ``finalStates``.
extension LocalSlurmCluster {
    /// The states a job or an array task ends in: "COMPLETED" (exit status 0), "FAILED" (any
    /// other), "CANCELLED" (scancel), "TIMEOUT", "NODE_FAIL" and the rarer rest.
    package static let finalStates: Set<String> = [
        "BOOT_FAIL", "CANCELLED", "COMPLETED", "DEADLINE", "FAILED", "NODE_FAIL", "OUT_OF_MEMORY", "PREEMPTED", "TIMEOUT",
    ]

    /// Submits the batch script at `script` (a path; sbatch reads it now) with `arguments`,
    /// sbatch `options` (`["--array=0-3%2", "--output=/tmp/x/task-%a.out"]`) and `environment`
    /// over ``environment`` (a job gets sbatch's whole environment: `--export=ALL`), and returns
    /// the job's id ("12"; task 3 of an array is "12_3").
    ///
    /// Unless `options` hold `--chdir` (or `-D`), the job runs in ``workFolder``: a relative
    /// `--output`, and Slurm's default `slurm-%A_%a.out`, land there.
    ///
    /// - Throws: ``EndToEndError`` quoting sbatch when it refuses the job.
    package func submit(
        _ script: String, arguments: [String] = [], options: [String] = [], environment: [String: String] = [:]
    ) throws -> String {
        let hasFolder = options.contains { $0 == "-D" || $0.hasPrefix("--chdir") }
        let folderOption = hasFolder ? [] : ["--chdir=\(workFolder.path)"]
        let printed = try run("sbatch", ["--parsable"] + folderOption + options + [script] + arguments, extraEnvironment: environment)
        // --parsable: "12", or "12;cluster" on a federation.
        let job = printed.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != ";" }
        guard !job.isEmpty, job.allSatisfy(\.isNumber) else { throw EndToEndError("sbatch printed no job id: \(printed)") }
        return String(job)
    }

    /// The state of every task of `job` now, by array index ("3" → "RUNNING"); a job that is no
    /// array is under its own id. `job` may also name one task ("12_3").
    ///
    /// - Throws: ``EndToEndError`` when squeue fails (a job id slurmctld does not know).
    package func states(of job: String) throws -> [String: String] {
        let listing = try run("squeue", ["--noheader", "--array", "--states=all", "--jobs=\(job)", "--format=%i|%T"])
        var states: [String: String] = [:]
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: "|")
            guard fields.count == 2 else { throw EndToEndError("squeue printed a line that is no id|state: \(line)") }
            let id = fields[0].split(separator: "_").last.map(String.init) ?? String(fields[0])
            states[id] = String(fields[1])
        }
        return states
    }

    /// The state now of one job that is no array, or of one array task ("12_3"); nil when
    /// slurmctld lists nothing for it.
    ///
    /// - Throws: ``EndToEndError`` when squeue fails, or when `jobOrTask` names an array of
    ///   several tasks (``states(of:)`` reads those).
    package func state(of jobOrTask: String) throws -> String? {
        let states = try states(of: jobOrTask)
        guard states.count <= 1 else {
            throw EndToEndError("\(jobOrTask) is an array of \(states.count) tasks: name one (\"\(jobOrTask)_0\") or read states(of:)")
        }
        return states.values.first
    }

    /// Waits until every task of `job` has ended (each in one of ``finalStates``), reading their
    /// states every 0.1 s, and returns their final states by array index (see ``states(of:)``).
    ///
    /// - Throws: ``EndToEndError`` with the states last read and the daemons' logs when
    ///   `timeout` seconds pass first, or when squeue fails.
    package func waitUntilFinished(job: String, timeout: TimeInterval) throws -> [String: String] {
        let result = try Polling.read(
            every: 0.1, for: timeout, { try states(of: job) },
            until: { !$0.isEmpty && $0.values.allSatisfy(Self.finalStates.contains) })
        guard result.isDone else {
            let states = result.value.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            throw EndToEndError("Slurm job \(job) did not finish in \(timeout) s; its tasks: \(states)\n\(daemonLogs)")
        }
        return result.value
    }

    /// Cancels a job, every task of an array ("12"), or one task of it ("12_3"), as `scancel`
    /// does: its processes get SIGTERM, and SIGKILL 2 s later (`KillWait`) if still there. The
    /// job then ends CANCELLED. Cancelling a job that has ended does nothing.
    ///
    /// - Throws: ``EndToEndError`` when scancel fails.
    package func cancel(_ jobOrTask: String) throws {
        try run("scancel", [jobOrTask])
    }
}
