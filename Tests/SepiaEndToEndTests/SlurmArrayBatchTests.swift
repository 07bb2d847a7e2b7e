import Foundation
import SepiaTestSupport
import XCTest

/// `sepia process` as a Slurm job array, on a real Slurm (munged, slurmctld and two slurmd on
/// loopback, started by the test): `deploy/slurm/sepia-array.sbatch` over 2,000 photos that
/// `sepia serve` generates, one task killed mid-way and submitted again.
final class SlurmArrayBatchTests: XCTestCase {
    private static let photos = 2_000
    private static let tasks = 4

    /// One line of a task's report, as far as the test reads it.
    private struct Record: Decodable {
        let name: String
        let file: String
        let state: String
        let shard: String
    }

    /// What `sepia report --json` says, as far as the test reads it.
    private struct Summary: Decodable {
        let rows: Int
        let written: Int
        let skipped: Int
        let failed: Int
        let repeatedRecords: Int
        let tasks: [Task]

        struct Task: Decodable {
            let shard: String
            let written: Int
        }
    }

    private var server: SepiaServe?
    private var cluster: LocalSlurmCluster?

    override func tearDown() {
        cluster?.stop()
        server?.stop()
    }

    private func records(in report: URL) throws -> [Record] {
        try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Record.self, from: Data($0.utf8))
        }
    }

    /// The photo files in `folder` (not the hidden temporary ones) with their inode and modification time.
    private func photoFiles(in folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            var status = stat()
            XCTAssertEqual(lstat(folder.appendingPathComponent(name).path, &status), 0)
            files[name] = "\(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return files
    }

    func testAnArrayWritesEveryPhotoOnceAndAKilledTaskFinishesWhenRunAgain() throws {
        let sepia = try EndToEndTools.sepia()
        let server = try SepiaServe(sepia: sepia.path, photos: Self.photos, size: "48x32")
        self.server = server
        let manifest = server.jsonURL
        let cluster = try LocalSlurmCluster(nodes: 2, cpusPerNode: 2)
        self.cluster = cluster
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("deploy/slurm/sepia-array.sbatch")
        let shared = cluster.workFolder.appendingPathComponent("shared")
        let reports = shared.appendingPathComponent("reports")
        let output = shared.appendingPathComponent("output")
        // Each task paced to 150 downloads a second: about 3.5 s for its 500 photos, time to kill one mid-way.
        let arguments = [manifest, shared.path, "--max-rate", "150", "--timeout", "30"]
        let environment = ["SEPIA": sepia.path]
        let job = try cluster.submit(
            script.path, arguments: arguments,
            options: ["--array=0-\(Self.tasks - 1)", "--cpus-per-task=1", "--mem=0", "--output=task-%a.out"],
            environment: environment)

        // Task 2 is cancelled (SIGTERM, as a preemption or a time limit would) once it has written 100 photos.
        let victim = reports.appendingPathComponent("task-2.jsonl")
        let midway = Polling.wait(every: 0.05, for: 120) {
            ((try? self.records(in: victim))?.filter { $0.state == "written" }.count ?? 0) >= 100
        }
        let statesThen = try cluster.states(of: job)
        XCTAssertTrue(midway, "task 2 never got going: \(statesThen)")
        try cluster.cancel("\(job)_2")
        let firstRun = try cluster.waitUntilFinished(job: job, timeout: 180)
        XCTAssertEqual(firstRun, ["0": "COMPLETED", "1": "COMPLETED", "2": "CANCELLED", "3": "COMPLETED"])
        let killedRecords = try records(in: victim)
        let writtenBeforeKill = Set(killedRecords.filter { $0.state == "written" }.map(\.file))
        let before = try photoFiles(in: output)
        XCTAssertLessThan(before.count, Self.photos, "task 2 was stopped before its end")

        // Submitted again alone, task 2 is an array of one: without the number of shards it is refused.
        let alone = try cluster.submit(
            script.path, arguments: arguments, options: ["--array=2", "--cpus-per-task=1", "--mem=0", "--output=task-%a-alone.out"],
            environment: environment)
        XCTAssertEqual(try cluster.waitUntilFinished(job: alone, timeout: 60), ["2": "FAILED"])
        let refusal = try String(contentsOf: cluster.workFolder.appendingPathComponent("task-2-alone.out"), encoding: .utf8)
        XCTAssertTrue(refusal.contains("filled by a batch of 4 shards"), refusal)
        XCTAssertEqual(try photoFiles(in: output), before, "the refused task wrote nothing")
        let again = try cluster.submit(
            script.path, arguments: arguments, options: ["--array=2", "--cpus-per-task=1", "--mem=0", "--output=task-%a-again.out"],
            environment: environment.merging(["SEPIA_SHARDS": "\(Self.tasks)"]) { $1 })
        XCTAssertEqual(try cluster.waitUntilFinished(job: again, timeout: 180), ["2": "COMPLETED"])

        // Every photo is there, and none written before the resubmission was written again.
        let after = try photoFiles(in: output)
        XCTAssertEqual(after.count, Self.photos)
        for (name, identity) in before { XCTAssertEqual(after[name], identity, "\(name) was rewritten") }
        let hidden = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(hidden, [".sepia-shards"], "no temporary file left behind")

        // Each task did its own share, and each photo was written exactly once across the tasks.
        var writtenCount: [String: Int] = [:]
        var shareOfTask: [Int: Set<String>] = [:]
        for task in 0..<Self.tasks {
            let records = try records(in: reports.appendingPathComponent("task-\(task).jsonl"))
            XCTAssertEqual(Set(records.map(\.shard)), ["\(task + 1)/\(Self.tasks)"], "task \(task) names its shard")
            shareOfTask[task] = Set(records.map(\.file))
            for record in records where record.state == "written" { writtenCount[record.file, default: 0] += 1 }
            let log = try String(contentsOf: cluster.workFolder.appendingPathComponent("task-\(task).out"), encoding: .utf8)
            XCTAssertTrue(log.contains("shard \(task + 1) of \(Self.tasks) from SLURM_ARRAY_TASK_ID"), log)
        }
        // Slurm follows the SIGTERM with a SIGKILL 2 s later (`KillWait`): a photo the killed task had renamed into
        // place just before that has its file but no record, and the run again finds it there and skips it.
        let rerun = try records(in: victim).dropFirst(killedRecords.count)
        let skippedAgain = Set(rerun.filter { $0.state == "skipped" }.map(\.file))
        let writtenUnrecorded = skippedAgain.subtracting(writtenBeforeKill)
        XCTAssertTrue(writtenBeforeKill.isSubset(of: skippedAgain), "the task run again skipped everything it had written")
        XCTAssertTrue(
            writtenUnrecorded.isDisjoint(with: Set(killedRecords.map(\.file))),
            "a photo skipped again without a written record has no record at all from the killed run: \(writtenUnrecorded)")
        XCTAssertLessThanOrEqual(writtenUnrecorded.count, 4, "only photos in flight at the kill: \(writtenUnrecorded)")
        XCTAssertEqual(writtenCount.count + writtenUnrecorded.count, Self.photos)
        XCTAssertTrue(writtenUnrecorded.isDisjoint(with: writtenCount.keys), "\(writtenUnrecorded)")
        XCTAssertEqual(writtenCount.values.filter { $0 != 1 }.count, 0, "photos written more than once")
        let shares = shareOfTask.values.map(\.count)
        XCTAssertEqual(shares.reduce(0, +), Self.photos, "the shares do not overlap: \(shares)")
        XCTAssertTrue(shares.allSatisfy { (400...600).contains($0) }, "even shares: \(shares)")

        // The merged report counts 2,000 photos, all written.
        let reportFiles = (0..<Self.tasks).map { reports.appendingPathComponent("task-\($0).jsonl").path }
        let merged = try CommandRunner.runCapturingBytes(
            sepia, ["report", "--json"] + reportFiles, environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(merged.status, 0, String(decoding: merged.errorOutput, as: UTF8.self))
        let summary = try JSONDecoder().decode(Summary.self, from: merged.output)
        XCTAssertEqual(
            [summary.rows, summary.written, summary.skipped, summary.failed],
            [Self.photos, Self.photos - writtenUnrecorded.count, writtenUnrecorded.count, 0])
        let allRecords = try reportFiles.map { try records(in: URL(fileURLWithPath: $0)).count }.reduce(0, +)
        XCTAssertEqual(summary.repeatedRecords, allRecords - Self.photos, "every record beyond one a photo is a repeat")
        XCTAssertGreaterThanOrEqual(summary.repeatedRecords, writtenBeforeKill.count)
        XCTAssertEqual(Set(summary.tasks.map(\.shard)), Set((1...Self.tasks).map { "\($0)/\(Self.tasks)" }))
    }
}
