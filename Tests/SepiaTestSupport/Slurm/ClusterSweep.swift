import Foundation

/// Ends every process of a ``LocalSlurmCluster``, the ones it started and the ones they
/// started, even when the test process that made the cluster dies without stopping it.
///
/// Job steps escape a kill of the daemons' process groups: slurmd starts each `slurmstepd` in
/// a session of its own, the job's processes in another, and a slurmd that ends leaves its
/// steps running (on purpose: a restarted slurmd takes them back). What every one of them has
/// is the cluster's `SLURM_CONF` in its environment (the daemons and the job steps get it from
/// the cluster, a job's processes from its step, even with `--export=NONE`), so that is how
/// they are found: `/proc/<pid>/environ`.
enum ClusterSweep {
    /// The shell script behind both: `sweep CONF SPARED` sends SIGKILL to every process whose
    /// environment holds `SLURM_CONF=CONF` but process SPARED (the caller) and the script
    /// itself, again until none is left (ten rounds at most); `watch CONF SPARED FOLDER SECONDS`
    /// waits until process SPARED has ended or SECONDS have passed, then sweeps and removes
    /// FOLDER.
    private static let script = #"""
        sweep() {
          for round in 1 2 3 4 5 6 7 8 9 10; do
            pids=$(grep -lzxF "SLURM_CONF=$1" /proc/[0-9]*/environ 2>/dev/null \
              | sed -n 's|^/proc/\([0-9]*\)/environ$|\1|p' | grep -vx -e "$$" -e "$2")
            [ -z "$pids" ] && return 0
            kill -KILL $pids 2>/dev/null
            sleep 0.1
          done
          return 1
        }
        case "$1" in
        sweep) sweep "$2" "$3" ;;
        watch)
          waited=0
          while [ "$waited" -lt "$5" ] && kill -0 "$3" 2>/dev/null; do sleep 1; waited=$((waited + 1)); done
          sweep "$2" "$3"
          rm -rf "$4"
          ;;
        esac
        """#

    /// Kills every process of the cluster configured by `configuration` (see the type's
    /// description) but this one, and returns once they are gone (or after ten rounds of
    /// SIGKILL: a process stuck in the kernel outlives them).
    static func killProcesses(of configuration: URL) {
        guard let shell = ExecutableFile.named("/bin/sh") else { return }
        _ = try? CommandRunner.run(
            shell, ["-c", script, "sepia-slurm-sweep", "sweep", configuration.path, String(getpid())],
            environment: sweepEnvironment)
    }

    /// Starts the watchdog of the cluster configured by `configuration` in `folder`: once this
    /// test process has ended, or `lifetime` seconds have passed, it kills the cluster's
    /// processes and removes `folder`. ``BackgroundProcess/stop()`` ends it (the cluster stops
    /// it once it has stopped itself).
    static func startWatchdog(of configuration: URL, folder: URL, lifetime: TimeInterval) throws -> BackgroundProcess {
        try BackgroundProcess(
            "/bin/sh",
            [
                "-c", script, "sepia-slurm-watchdog", "watch", configuration.path, String(getpid()), folder.path,
                String(Int(lifetime.rounded(.up))),
            ],
            environment: sweepEnvironment, lifetime: lifetime + 60)
    }

    /// The sweep's environment: this process's without `SLURM_CONF`, so the sweep's own
    /// processes never match.
    private static var sweepEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SLURM_CONF"] = nil
        return environment
    }
}
