import Foundation

/// The `slurm.conf` of a ``LocalSlurmCluster``: every path in the cluster's own folder, every
/// port a free loopback one, no cgroups, no accounting, and scheduling that starts a job as
/// soon as it is submitted. Each group of lines says why it is there (checked against Debian
/// 12's Slurm 22.05).
struct SlurmConfiguration {
    /// The cluster's folder (see ``LocalSlurmCluster``'s layout): state, spool, logs, pid files.
    var folder: URL
    /// The munged socket the daemons and the client commands authenticate through.
    var mungeSocket: URL
    /// The nodes' names, one slurmd each.
    var nodeNames: [String]
    /// The CPUs each node offers (one a task), whatever the machine has.
    var cpusPerNode: Int
    /// The port slurmctld listens on.
    var controllerPort: Int
    /// The port of each node's slurmd, in the order of ``nodeNames``.
    var nodePorts: [Int]
    /// The user the daemons run as (the one running the tests: root in CI).
    var user: String

    /// The file's text.
    var text: String {
        let path = folder.path
        var lines = [
            "ClusterName=sepia",
            // "localhost" is the one name slurmctld takes for its own whatever the machine's
            // hostname (a container's is random); the address keeps it off IPv6.
            "SlurmctldHost=localhost(127.0.0.1)",
            "SlurmctldPort=\(controllerPort)",
            "SlurmUser=\(user)",
            "SlurmdUser=\(user)",
            // The munged of the cluster, not the system's (/run/munge/munge.socket.2).
            "AuthType=auth/munge",
            "CredType=cred/munge",
            "AuthInfo=socket=\(mungeSocket.path)",
            // Nothing under /var or /etc: a slurmd that starts kills the one whose pid is in its
            // pid file, so two nodes (or two clusters) must never share one (%n: the node's name).
            "StateSaveLocation=\(path)/state",
            "SlurmdSpoolDir=\(path)/spool/%n",
            "SlurmctldPidFile=\(path)/run/slurmctld.pid",
            "SlurmdPidFile=\(path)/run/slurmd-%n.pid",
            "SlurmctldLogFile=\(path)/log/slurmctld.log",
            "SlurmdLogFile=\(path)/log/slurmd-%n.log",
            // Debian's plugstack.conf includes /etc/slurm/plugstack.conf.d: an empty one instead.
            "PlugStackConfig=\(path)/plugstack.conf",
            // No cgroups (a container has no writable cgroup tree), no accounting daemon: jobs
            // are tracked by their process tree, and their states read from slurmctld's memory.
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none",
            "MpiDefault=none",
            "MailProg=/bin/true",
            // One task a CPU, and the CPUs this file declares even where the machine has fewer
            // (without config_overrides, a node declaring more CPUs than it has is INVALID).
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_CPU",
            "SlurmdParameters=config_overrides",
            // A node that registers is up at once; a cancelled task gets SIGKILL 2 s after SIGTERM.
            "ReturnToService=2",
            "MessageTimeout=5",
            "KillWait=2",
            // Finished jobs stay in slurmctld's memory (squeue --states=all) for an hour: with no
            // accounting, that is where their final state is read.
            "MinJobAge=3600",
            "MaxArraySize=10001",
            "MaxJobCount=100000",
            // First in, first out. sbatch's jobs never start when submitted: slurmctld's loop
            // schedules them, first batch_sched_delay (3 s) after it started (that first pass
            // reads these parameters), then every second (sched_interval=1, not 60).
            "SchedulerType=sched/builtin",
            "SchedulerParameters=sched_interval=1",
        ]
        // Debian's Slurm is built with multiple-slurmd support: one slurmd a node on this
        // machine, each on a port of its own (`slurmd -N <node>`).
        for (name, port) in zip(nodeNames, nodePorts) {
            lines.append(
                "NodeName=\(name) NodeHostname=localhost NodeAddr=127.0.0.1 Port=\(port) CPUs=\(cpusPerNode) State=UNKNOWN")
        }
        lines.append("PartitionName=sepia Nodes=ALL Default=YES MaxTime=INFINITE State=UP")
        return lines.joined(separator: "\n") + "\n"
    }
}
