import Foundation
import SepiaTestSupport
import XCTest

/// The private Slurm cluster of the cluster tests (``LocalSlurmCluster``): an array job runs
/// every task, on both nodes, with Slurm's array variables; a running task that is cancelled
/// ends CANCELLED at once, and its process with it.
final class LocalSlurmClusterTests: XCTestCase {
    private var cluster: LocalSlurmCluster?
    private var started = ContinuousClock.now

    override func setUp() {
        super.setUp()
        started = .now
    }

    override func tearDown() {
        cluster?.stop()
        cluster = nil
        print("\(name) took \(ContinuousClock.now - started)")
        super.tearDown()
    }

    /// `--array=0-3`: four tasks, each COMPLETED, each told its index, the array's count and
    /// smallest index, and the node it ran on; with two CPUs a node and each task lasting a
    /// second, the four run at once, two on each node.
    func testAnArrayJobRunsEveryTaskOnBothNodesWithItsVariables() throws {
        let cluster = try LocalSlurmCluster()
        self.cluster = cluster
        let reports = cluster.workFolder.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: false)
        let script = try writeScript(
            "report.sh",
            """
            #!/bin/sh
            echo "$SLURM_ARRAY_TASK_ID $SLURM_ARRAY_TASK_COUNT $SLURM_ARRAY_TASK_MIN $SLURMD_NODENAME" > "$1/task-$SLURM_ARRAY_TASK_ID"
            sleep 1
            """, in: cluster)

        let job = try cluster.submit(script, arguments: [reports.path], options: ["--array=0-3", "--output=/dev/null"])
        let states = try cluster.waitUntilFinished(job: job, timeout: 20)

        XCTAssertEqual(states, ["0": "COMPLETED", "1": "COMPLETED", "2": "COMPLETED", "3": "COMPLETED"])
        var nodes: Set<String> = []
        for task in 0..<4 {
            let report = try String(contentsOf: reports.appendingPathComponent("task-\(task)"), encoding: .utf8)
            let fields = report.split(whereSeparator: \.isWhitespace).map(String.init)
            XCTAssertEqual(fields.count, 4, "task \(task) reported \(report)")
            XCTAssertEqual(Array(fields.prefix(3)), ["\(task)", "4", "0"], "task \(task): index, count, smallest index")
            nodes.formUnion(fields.dropFirst(3))
        }
        XCTAssertEqual(nodes, Set(cluster.nodeNames), "the nodes the tasks ran on")
    }

    /// Two tasks that sleep a minute: task 1, cancelled once running, ends CANCELLED within
    /// seconds and its process is gone, while task 0 runs on; cancelling the job ends task 0.
    func testACancelledRunningTaskEndsCancelledAndItsProcessIsGone() throws {
        let cluster = try LocalSlurmCluster()
        self.cluster = cluster
        let pids = cluster.workFolder
        let script = try writeScript(
            "sleeper.sh",
            """
            #!/bin/sh
            echo $$ > "$1/pid-$SLURM_ARRAY_TASK_ID.new" && mv "$1/pid-$SLURM_ARRAY_TASK_ID.new" "$1/pid-$SLURM_ARRAY_TASK_ID"
            exec sleep 60
            """, in: cluster)
        let job = try cluster.submit(script, arguments: [pids.path], options: ["--array=0-1", "--output=/dev/null"])
        func sleeper(_ task: Int) throws -> pid_t {
            let file = pids.appendingPathComponent("pid-\(task)")
            try waitUntil("task \(task) wrote its pid", timeout: 20) { FileManager.default.fileExists(atPath: file.path) }
            let pid = pid_t(try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
            return try XCTUnwrap(pid, "task \(task)'s pid file")
        }
        func isGone(_ pid: pid_t) -> Bool { ProcessTable.state(of: pid).map { $0 == "Z" } ?? true }
        let (first, second) = (try sleeper(0), try sleeper(1))
        try waitUntil("task 1 is RUNNING", timeout: 10) { try cluster.state(of: "\(job)_1") == "RUNNING" }
        XCTAssertFalse(isGone(second), "task 1's sleep runs")

        let cancelled = ContinuousClock.now
        try cluster.cancel("\(job)_1")
        try waitUntil("task 1 has ended", timeout: 5) {
            try cluster.state(of: "\(job)_1").map(LocalSlurmCluster.finalStates.contains) ?? false
        }
        XCTAssertLessThan(ContinuousClock.now - cancelled, .seconds(5))
        XCTAssertEqual(try cluster.state(of: "\(job)_1"), "CANCELLED")
        try waitUntil("task 1's sleep is gone", timeout: 5) { isGone(second) }
        XCTAssertEqual(try cluster.state(of: "\(job)_0"), "RUNNING", "the other task runs on")
        XCTAssertFalse(isGone(first), "task 0's sleep runs on")

        try cluster.cancel(job)
        XCTAssertEqual(try cluster.waitUntilFinished(job: job, timeout: 5), ["0": "CANCELLED", "1": "CANCELLED"])
        try waitUntil("task 0's sleep is gone", timeout: 5) { isGone(first) }
    }

    /// Writes an executable script named `name` into the cluster's work folder and returns
    /// its path.
    private func writeScript(_ name: String, _ text: String, in cluster: LocalSlurmCluster) throws -> String {
        let file = cluster.workFolder.appendingPathComponent(name)
        try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file.path
    }
}
