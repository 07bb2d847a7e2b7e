import XCTest

@testable import SepiaPipeline

/// Which shard a row belongs to, and what `--shard K/N` accepts.
final class BatchShardTests: XCTestCase {
    private let names = (1...12_000).map { "Photo \($0)" }

    func testEveryRowBelongsToExactlyOneShard() throws {
        for count in [1, 2, 3, 4, 7, 16] {
            let shards = try (1...count).map { try BatchShard(index: $0, count: count) }
            for name in names.prefix(2_000) {
                XCTAssertEqual(shards.filter { $0.contains(baseName: name) }.count, 1, "\(name) in \(count) shards")
            }
        }
    }

    func testShardsAreEvenWithinAFewPercent() {
        for count in [2, 4, 7, 16] {
            var sizes = [Int](repeating: 0, count: count)
            for name in names { sizes[BatchShard.shardIndex(ofBaseName: name, count: count) - 1] += 1 }
            let expected = Double(names.count) / Double(count)
            for size in sizes {
                // 5 standard deviations of a binomial count, so a fair hash never fails here.
                let tolerance = 5 * (expected * (1 - 1 / Double(count))).squareRoot()
                XCTAssertLessThan(abs(Double(size) - expected), tolerance, "\(sizes) for \(count) shards")
            }
        }
    }

    func testTheAssignmentDependsOnTheNameAloneAndIsFixed() {
        // Fixed values: a change of hash would move every row of a half-done batch to another task.
        let recorded = ["Photo 1", "Photo 2", "Photo 3", "Big Fella", "Stormy Sky"].map { BatchShard.shardIndex(ofBaseName: $0, count: 10) }
        XCTAssertEqual(recorded, BatchShardTests.recordedShards, "the hash of output names changed")
    }

    /// Shards of ten, computed by a separate implementation of the documented formula (in
    /// Python: 128-bit FNV-1a's low 64 bits, MurmurHash3's fmix64, the high half of × 10, + 1).
    private static let recordedShards = [10, 2, 2, 9, 4]

    func testTextsThatAreNotAShardAreRefusedWithAReason() {
        XCTAssertEqual(try BatchShard(parsing: "3/4"), try BatchShard(index: 3, count: 4))
        XCTAssertEqual(try BatchShard(parsing: "1/1"), .whole)
        let cases: [(String, BatchShardError)] = [
            ("0/4", .indexOutOfRange(index: 0, count: 4)),
            ("5/4", .indexOutOfRange(index: 5, count: 4)),
            ("1/0", .countOutOfRange(0)),
            ("-1/4", .indexOutOfRange(index: -1, count: 4)),
            ("a/b", .malformed("a/b")),
            ("3", .malformed("3")),
            ("1/2/3", .malformed("1/2/3")),
            ("", .malformed("")),
            ("1/2000000", .countOutOfRange(2_000_000)),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try BatchShard(parsing: text), text) { XCTAssertEqual($0 as? BatchShardError, expected, text) }
        }
        XCTAssertEqual(BatchShardError.malformed("a/b").description, "the shard \"a/b\" is not K/N (such as 1/4: the first of four shards)")
    }
}
