// What a private Slurm cluster on one machine needs (Debian 12's Slurm 22.05 and MUNGE 0.5,
// as root, in a container without systemd or cgroups), found by trying:
//
// - munged runs in the foreground (-F, so it stays in the process group of the `timeout` that
//   watches it, and logs to standard error: --log-file is then unused) with its own --socket,
//   --key-file, --pid-file and --seed-file. It refuses a key readable by others (0600 here) and
//   a socket in a folder others cannot search: the cluster's folder and its munge folder are
//   0755. Slurm finds that munged through `AuthInfo=socket=…` in slurm.conf (auth/munge and
//   cred/munge both read it).
// - slurmctld and one slurmd a node run in the foreground (-D); client commands and daemons
//   find the configuration through `SLURM_CONF`. Debian's slurmd is built with
//   multiple-slurmd support: `NodeHostname=localhost NodeAddr=127.0.0.1 Port=<its own>` per
//   node and `slurmd -D -N <node>` work as is.
// - SlurmdPidFile needs %n (the node's name): a starting slurmd kills the slurmd whose pid is
//   in its pid file, so with a shared file one node would end the other. (The spool folders
//   get %n too, to keep the nodes' job files apart; a shared one did start.)
// - `SlurmdParameters=config_overrides`, or a node declaring more CPUs than the machine has is
//   INVALID and never idle. The per-line reasons for the rest are in SlurmConfiguration.
// - Readiness: `scontrol ping` says "UP" (well under a second), then `sinfo` shows every node
//   idle (another quarter of a second). Batch jobs start only in slurmctld's scheduling passes:
//   the first comes 3 s after slurmctld started (batch_sched_delay's default: SchedulerParameters
//   are read in that pass), so a job submitted at once waits about 2.5 s; then with
//   `sched_interval=1` a pass runs every second, and a job starts within a second of sbatch.
// - slurmd starts each job step's slurmstepd in a session of its own, so ending the daemons'
//   process groups leaves steps and their processes running: ClusterSweep finds them by the
//   cluster's SLURM_CONF in their environment, and a watchdog does it if the test process dies.

package import Foundation

/// A private Slurm cluster on this machine, for end-to-end tests of array jobs: a munged, a
/// slurmctld and one slurmd a node (each node a slurmd of its own), every file of theirs (MUNGE
/// key and socket, slurm.conf, state, spool, logs, pid files) in a temporary folder of its own
/// and every port a free one, so clusters of tests running side by side never meet, and nothing
/// of the system's (no /etc config, no service, no systemd) is used.
///
/// ``stop()``, or the end of the object, cancels every job, ends every daemon, job step and job
/// process, and removes the folder. A watchdog does the same if the test process dies first, or
/// once the cluster's lifetime has passed.
///
/// Tools: `slurm-wlm` (slurmctld, slurmd, sbatch, squeue, scancel, sinfo, scontrol) and `munge`,
/// Debian packages `scripts/install-deps` installs. Run as root (as CI does).
package final class LocalSlurmCluster {
    /// How long the cluster may take to start, every node idle: far more than the second it
    /// takes, for a loaded 2-core machine.
    package static let startupPatience: TimeInterval = 60

    /// Where the cluster's folder is made: /tmp, not `TMPDIR` (which may be a folder of
    /// mktemp's, 0700, or deep): munged wants every folder above its socket searchable by all,
    /// and a socket's path fits in 107 bytes.
    private static let parentFolder = URL(fileURLWithPath: "/tmp")

    /// The nodes' names: "sepia1", "sepia2"…, each a slurmd of its own on this machine.
    package let nodeNames: [String]
    /// A folder of the cluster's own where jobs run unless their options say otherwise
    /// (`--chdir`), and where a test may put its scripts and outputs; ``stop()`` removes it.
    package let workFolder: URL
    /// The environment of Slurm's client commands, and of the daemons: this process's, without
    /// the `SLURM_*` and `SBATCH_*`… variables that would steer the commands to another cluster
    /// or another job's settings, and with `SLURM_CONF` naming the cluster's slurm.conf.
    package let environment: [String: String]

    /// The cluster's folder: slurm.conf, plugstack.conf, and the folders munge, state, spool,
    /// log, run and work.
    let folder: URL
    /// The cluster's slurm.conf.
    let configurationFile: URL
    /// Each Slurm and MUNGE program the cluster runs, by name.
    let programs: [String: URL]
    /// The daemons, munged first, each with a label for messages ("slurmd sepia2").
    private(set) var daemons: [(label: String, process: BackgroundProcess)] = []
    private var watchdog: BackgroundProcess?
    private var isStopped = false

    /// Starts a cluster of `nodes` nodes of `cpusPerNode` CPUs each (as many tasks at once;
    /// more than the machine has is fine) and waits until every node is idle, at most
    /// ``startupPatience``. Every process of the cluster ends after `lifetime` seconds at the
    /// latest.
    ///
    /// - Throws: ``EndToEndError`` naming a missing program (and the packages to install), or
    ///   saying which daemon did not start, with the end of every daemon's log.
    package init(nodes: Int = 2, cpusPerNode: Int = 2, lifetime: TimeInterval = BackgroundProcess.defaultLifetime) throws {
        precondition(nodes >= 1 && cpusPerNode >= 1, "A cluster has a node and a CPU at least")
        programs = try Self.findPrograms()
        nodeNames = (1...nodes).map { "sepia\($0)" }
        folder = Self.parentFolder.appendingPathComponent("sepia-slurm-\(UUID().uuidString.prefix(8))")
        configurationFile = folder.appendingPathComponent("slurm.conf")
        workFolder = folder.appendingPathComponent("work")
        environment = Self.clientEnvironment(configurationFile)
        do {
            try makeFolders()
            watchdog = try ClusterSweep.startWatchdog(of: configurationFile, folder: folder, lifetime: lifetime)
            try startDaemons(cpusPerNode: cpusPerNode, lifetime: lifetime)
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Stops the cluster: cancels every job (their processes get SIGTERM, then SIGKILL), ends
    /// the daemons, kills whatever process of the cluster is left (a job step, a task) and
    /// removes the cluster's folder, with every job's files in it. Calling it again does
    /// nothing.
    package func stop() {
        guard !isStopped else { return }
        isStopped = true
        if daemons.contains(where: { $0.label == "slurmctld" && $0.process.isRunning }) {
            _ = try? run("scancel", ["--user=\(getuid())"])
            Polling.wait(every: 0.1, for: 5) { (try? run("squeue", ["--noheader"]).isEmpty) ?? true }
        }
        for daemon in daemons.reversed() { daemon.process.stop() }
        daemons = []
        ClusterSweep.killProcesses(of: configurationFile)
        watchdog?.stop()
        watchdog = nil
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs the Slurm client command `program` with `arguments` in ``environment`` (with
    /// `extraEnvironment` over it) and returns what it printed.
    ///
    /// - Throws: ``EndToEndError`` quoting the command's standard error when it fails.
    @discardableResult
    func run(_ program: String, _ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> String {
        guard let executable = programs[program] else { preconditionFailure("\(program) is not a Slurm program of findPrograms()") }
        let result = try CommandRunner.run(
            executable, arguments, environment: environment.merging(extraEnvironment) { $1 })
        guard result.status == 0 else {
            throw EndToEndError(
                "\(program) \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.errorOutput)\(result.output)")
        }
        return result.output
    }

    /// The end of every daemon's log, each under its label, for a failure's message.
    var daemonLogs: String {
        daemons.map { "--- \($0.label)\($0.process.isRunning ? "" : " (ended)"):\n\($0.process.log)" }.joined(separator: "\n")
    }

    /// Starts `program` with `arguments` in the background in ``environment``, for `lifetime`
    /// seconds at most (a minute more than the watchdog's: it is the one meant to end it).
    func startDaemon(_ label: String, _ program: String, _ arguments: [String], lifetime: TimeInterval) throws -> BackgroundProcess {
        guard let executable = programs[program] else { preconditionFailure("\(program) is not a program of findPrograms()") }
        let process = try BackgroundProcess(executable.path, arguments, environment: environment, lifetime: lifetime + 60)
        daemons.append((label, process))
        return process
    }

    /// Ends and forgets the daemons after the first `count` (the Slurm ones, to start them
    /// again after a port was taken, munged staying).
    func stopDaemons(keepingFirst count: Int) {
        for daemon in daemons.dropFirst(count).reversed() { daemon.process.stop() }
        daemons.removeLast(daemons.count - count)
    }

    /// The Slurm and MUNGE programs, looked up on the `PATH` and, for the daemons, in /usr/sbin
    /// (not on a normal user's `PATH`).
    private static func findPrograms() throws -> [String: URL] {
        var programs: [String: URL] = [:]
        for name in ["munged", "slurmctld", "slurmd", "sbatch", "squeue", "scancel", "sinfo", "scontrol"] {
            guard let program = ExecutableFile.onPath(name) ?? ExecutableFile.named("/usr/sbin/\(name)") else {
                throw EndToEndError(
                    "\(name) is missing: run scripts/install-deps (it installs the Debian packages slurm-wlm and munge).")
            }
            programs[name] = program
        }
        return programs
    }

    /// This process's environment without the variables that steer Slurm's commands
    /// (`SLURM_*`, `SBATCH_*`, `SQUEUE_*`…: set when the tests themselves run in a Slurm job),
    /// with `SLURM_CONF` naming `configuration`.
    private static func clientEnvironment(_ configuration: URL) -> [String: String] {
        let steering = ["SLURM_", "SBATCH_", "SQUEUE_", "SCANCEL_", "SINFO_", "SCONTROL_", "SALLOC_", "SRUN_"]
        var environment = ProcessInfo.processInfo.environment.filter { name, _ in !steering.contains(where: name.hasPrefix) }
        environment["SLURM_CONF"] = configuration.path
        return environment
    }
}
