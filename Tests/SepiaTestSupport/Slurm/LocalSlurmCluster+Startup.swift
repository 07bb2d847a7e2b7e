import Foundation

/// Making the cluster's files and starting its daemons.
extension LocalSlurmCluster {
    /// How many times the Slurm daemons are started on new ports when a port picked as free
    /// was taken before a daemon could listen on it.
    private static let portAttempts = 3

    /// Makes the cluster's folder (0755: munged wants its socket's folders searchable by all)
    /// with its folders, the empty plugstack.conf and the MUNGE key (0600, random).
    func makeFolders() throws {
        let manager = FileManager.default
        for name in ["", "munge", "state", "spool", "log", "run", "work"] + nodeNames.map({ "spool/\($0)" }) {
            let path = folder.appendingPathComponent(name).path
            try manager.createDirectory(atPath: path, withIntermediateDirectories: false)
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        _ = manager.createFile(atPath: folder.appendingPathComponent("plugstack.conf").path, contents: Data())
        let key = Data((0..<1024).map { _ in UInt8.random(in: .min ... .max) })
        let keyFile = mungeFile("munge.key").path
        guard manager.createFile(atPath: keyFile, contents: key, attributes: [.posixPermissions: 0o600]) else {
            throw EndToEndError("Could not write the MUNGE key \(keyFile)")
        }
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile)
    }

    /// Starts munged, then slurmctld and the slurmd's (again on new ports when a port was
    /// taken), and waits until every node is idle.
    func startDaemons(cpusPerNode: Int, lifetime: TimeInterval) throws {
        let deadline = Date(timeIntervalSinceNow: Self.startupPatience)
        try startMunge(until: deadline, lifetime: lifetime)
        for attempt in 1...Self.portAttempts {
            do {
                try startSlurm(cpusPerNode: cpusPerNode, until: deadline, lifetime: lifetime)
                return
            } catch {
                guard attempt < Self.portAttempts, daemonLogs.contains("Address already in use") else { throw error }
                stopDaemons(keepingFirst: 1)
                let state = folder.appendingPathComponent("state")
                for file in try FileManager.default.contentsOfDirectory(at: state, includingPropertiesForKeys: nil) {
                    try FileManager.default.removeItem(at: file)
                }
            }
        }
    }

    /// A file of the munge folder.
    private func mungeFile(_ name: String) -> URL {
        folder.appendingPathComponent("munge").appendingPathComponent(name)
    }

    /// Starts munged and waits until its socket is there.
    private func startMunge(until deadline: Date, lifetime: TimeInterval) throws {
        let munged = try startDaemon(
            "munged", "munged",
            [
                "--foreground", "--socket=\(mungeFile("munge.socket").path)", "--key-file=\(mungeFile("munge.key").path)",
                "--pid-file=\(mungeFile("munged.pid").path)", "--seed-file=\(mungeFile("munged.seed").path)", "--num-threads=4",
            ],
            lifetime: lifetime)
        let socket = mungeFile("munge.socket").path
        try wait(until: deadline, for: "munged to make its socket") { FileManager.default.fileExists(atPath: socket) }
        guard munged.isRunning else { throw startupFailure("munged ended") }
    }

    /// Writes slurm.conf with new free ports, starts slurmctld, waits until it answers, starts
    /// a slurmd a node and waits until every node is idle.
    private func startSlurm(cpusPerNode: Int, until deadline: Date, lifetime: TimeInterval) throws {
        let ports = try FreePorts.pick(nodeNames.count + 1)
        let configuration = SlurmConfiguration(
            folder: folder, mungeSocket: mungeFile("munge.socket"), nodeNames: nodeNames, cpusPerNode: cpusPerNode,
            controllerPort: ports[0], nodePorts: Array(ports.dropFirst()), user: NSUserName())
        try configuration.text.write(to: configurationFile, atomically: true, encoding: .utf8)
        _ = try startDaemon("slurmctld", "slurmctld", ["-D"], lifetime: lifetime)
        try wait(until: deadline, for: "slurmctld to answer") {
            ((try? run("scontrol", ["ping"])) ?? "").contains(" is UP")
        }
        for node in nodeNames {
            _ = try startDaemon("slurmd \(node)", "slurmd", ["-D", "-N", node], lifetime: lifetime)
        }
        try wait(until: deadline, for: "every node to be idle (sinfo)") {
            let listing = (try? run("sinfo", ["--noheader", "--Node", "--format=%N %t"])) ?? ""
            let idle = Set(listing.split(separator: "\n").filter { $0.hasSuffix(" idle") }.map { String($0.prefix { $0 != " " }) })
            return idle == Set(nodeNames)
        }
    }

    /// Checks `condition` every 50 ms until it holds; fails as soon as a daemon has ended, or
    /// at `deadline`, saying what was waited `for`.
    private func wait(until deadline: Date, for what: String, _ condition: () throws -> Bool) throws {
        let result = try Polling.read(
            every: 0.05, for: max(0, deadline.timeIntervalSinceNow),
            { try daemons.contains { !$0.process.isRunning } || condition() }, until: { $0 })
        if let ended = daemons.first(where: { !$0.process.isRunning }) {
            throw startupFailure("\(ended.label) ended while waiting for \(what)")
        }
        guard result.isDone else { throw startupFailure("timed out waiting for \(what)") }
    }

    /// The error of a cluster that did not start: `reason`, the cluster's folder and every
    /// daemon's log.
    private func startupFailure(_ reason: String) -> EndToEndError {
        EndToEndError("The private Slurm cluster in \(folder.path) did not start: \(reason).\n\(daemonLogs)")
    }
}
