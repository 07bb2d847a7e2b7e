import XCTest

@testable import SepiaPipeline

/// The shard read from the batch engines' own variables.
final class ShardAssignmentTests: XCTestCase {
    private func assignment(_ environment: [String: String], shards: Int? = nil) throws -> ShardAssignment? {
        try ShardAssignment.fromEnvironment(environment, shards: shards)
    }

    private func assertRefused(
        _ environment: [String: String], shards: Int? = nil, saying words: String, line: UInt = #line
    ) {
        XCTAssertThrowsError(try assignment(environment, shards: shards), line: line) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(words), text, line: line)
        }
    }

    func testNoEngineMeansTheWholeBatch() throws {
        XCTAssertNil(try assignment(["HOME": "/root", "SLURM_JOB_ID": "12"]))
    }

    func testSlurmArraysCountFromTheirFirstIndexAndStep() throws {
        let base = ["SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "4"]
        XCTAssertEqual(
            try assignment(base.merging(["SLURM_ARRAY_TASK_ID": "2"]) { $1 }),
            ShardAssignment(shard: try BatchShard(index: 3, count: 4), source: "SLURM_ARRAY_TASK_ID"))
        let fromOne = ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"]
        XCTAssertEqual(try assignment(fromOne)?.shard, try BatchShard(index: 1, count: 8))
        let stepped = [
            "SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "6", "SLURM_ARRAY_TASK_COUNT": "4",
            "SLURM_ARRAY_TASK_STEP": "2",
        ]
        XCTAssertEqual(try assignment(stepped)?.shard, try BatchShard(index: 3, count: 4))
        XCTAssertEqual(try assignment(stepped)?.description, "shard 3 of 4 from SLURM_ARRAY_TASK_ID")
    }

    func testASlurmTaskSubmittedAgainAloneKeepsItsShardWhenTheCountIsGiven() throws {
        // `sbatch --array=2` after a 0-3 array: an array of one task.
        let alone = ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "2", "SLURM_ARRAY_TASK_MAX": "2", "SLURM_ARRAY_TASK_COUNT": "1"]
        XCTAssertEqual(try assignment(alone)?.shard, .whole, "without the count, the array of one is all there is")
        XCTAssertEqual(try assignment(alone.merging(["SEPIA_SHARDS": "4"]) { $1 })?.shard, try BatchShard(index: 3, count: 4))
        XCTAssertEqual(try assignment(alone, shards: 4)?.shard, try BatchShard(index: 3, count: 4))
        assertRefused(alone.merging(["SEPIA_SHARDS": "2"]) { $1 }, saying: "beyond the 2 tasks")
    }

    func testASlurmArrayWithGapsIsRefused() {
        // --array=1,3,7: three tasks whose indices are no arithmetic series.
        assertRefused(
            ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_COUNT": "3"],
            saying: "not evenly spaced")
        assertRefused(["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"], saying: "beyond")
        assertRefused(["SLURM_ARRAY_TASK_ID": "2"], saying: "SLURM_ARRAY_TASK_MIN is not")
        assertRefused(
            ["SLURM_ARRAY_TASK_ID": "two", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"],
            saying: "SLURM_ARRAY_TASK_ID is \"two\", not a whole number")
    }

    func testKubernetesTakesItsCountFromTheOptionOrTheVariable() throws {
        XCTAssertEqual(try assignment(["JOB_COMPLETION_INDEX": "0"], shards: 8)?.shard, try BatchShard(index: 1, count: 8))
        XCTAssertEqual(
            try assignment(["JOB_COMPLETION_INDEX": "7", "SEPIA_SHARDS": "8"])?.shard, try BatchShard(index: 8, count: 8))
        assertRefused(["JOB_COMPLETION_INDEX": "1"], saying: "give --shards N or set SEPIA_SHARDS")
        assertRefused(["JOB_COMPLETION_INDEX": "1", "SEPIA_SHARDS": "4"], shards: 8, saying: "--shards is 8 but SEPIA_SHARDS is 4")
        assertRefused(["JOB_COMPLETION_INDEX": "8", "SEPIA_SHARDS": "8"], saying: "beyond the 8 tasks")
    }

    func testCloudEnginesGiveIndexAndCount() throws {
        for (index, count) in [
            ("AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE"), ("BATCH_TASK_INDEX", "BATCH_TASK_COUNT"),
            ("CLOUD_RUN_TASK_INDEX", "CLOUD_RUN_TASK_COUNT"),
        ] {
            XCTAssertEqual(
                try assignment([index: "2", count: "5"]), ShardAssignment(shard: try BatchShard(index: 3, count: 5), source: index))
            assertRefused([index: "2"], saying: "\(count) is not")
            assertRefused([index: "2", count: "0"], saying: "the number of tasks is 0")
        }
    }

    func testEnginesThatDisagreeOrAStrayShardCountAreRefused() throws {
        let slurm = ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"]
        assertRefused(slurm.merging(["BATCH_TASK_INDEX": "2", "BATCH_TASK_COUNT": "4"]) { $1 }, saying: "disagree")
        XCTAssertEqual(
            try assignment(slurm.merging(["BATCH_TASK_INDEX": "1", "BATCH_TASK_COUNT": "4"]) { $1 })?.shard,
            try BatchShard(index: 2, count: 4), "engines that agree")
        assertRefused(["AWS_BATCH_JOB_ARRAY_INDEX": "1", "AWS_BATCH_JOB_ARRAY_SIZE": "4", "SEPIA_SHARDS": "8"], saying: "disagree")
        assertRefused([:], shards: 4, saying: "needs the task's index")
    }
}

/// The output folder's record of how many shards fill it.
final class ShardCountMarkTests: XCTestCase {
    func testTheFirstSplitTaskMarksTheFolderAndATaskOfAnotherCountIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-mark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let slurm = { (shard: BatchShard) in ShardAssignment(shard: shard, source: "SLURM_ARRAY_TASK_ID") }
        try ShardCountMark.check(slurm(.whole), folder: folder)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(".sepia-shards").path), "a whole batch marks nothing")
        try ShardCountMark.check(slurm(try BatchShard(index: 2, count: 4)), folder: folder)
        try ShardCountMark.check(slurm(try BatchShard(index: 4, count: 4)), folder: folder)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(".sepia-shards"), encoding: .utf8), "4\n")
        XCTAssertThrowsError(try ShardCountMark.check(slurm(.whole), folder: folder)) { error in
            XCTAssertTrue("\(error)".contains("filled by a batch of 4 shards"), "\(error)")
            XCTAssertTrue("\(error)".contains("SEPIA_SHARDS=4"), "\(error)")
        }
        XCTAssertThrowsError(try ShardCountMark.check(slurm(try BatchShard(index: 1, count: 8)), folder: folder))
        try Data("four".utf8).write(to: folder.appendingPathComponent(".sepia-shards"))
        XCTAssertThrowsError(try ShardCountMark.check(slurm(try BatchShard(index: 1, count: 4)), folder: folder)) {
            XCTAssertTrue("\($0)".contains("not a number of shards"), "\($0)")
        }
    }
}
