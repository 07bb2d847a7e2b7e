import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaPipeline
import SepiaTestSupport
import XCTest

/// Many threads writing and reading the same keys: readers only ever see complete entries, and
/// afterwards the directory holds only complete entries and the size the cache reports.
final class DiskCacheConcurrencyTests: XCTestCase {
    /// A payload that proves its own integrity: 8 bytes of length, then that many copies of one byte.
    private static func payload(version: Int, length: Int) -> Data {
        var data = Data()
        withUnsafeBytes(of: UInt64(length).littleEndian) { data.append(contentsOf: $0) }
        data.append(Data(repeating: UInt8(truncatingIfNeeded: version), count: length))
        return data
    }

    private static func isComplete(_ data: Data) -> Bool {
        guard data.count >= 8 else { return false }
        let length = data.prefix(8).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        let body = data.dropFirst(8)
        return body.count == length && body.allSatisfy { $0 == body.first }
    }

    func testConcurrentWritesAndReadsSeeOnlyCompleteEntries() throws {
        let directory = try makeTemporaryCacheDirectory()
        let cache = try DiskCache(directory: directory, sizeLimit: 4 << 20)
        let keys = (0..<12).map { "https://example.com/photo/\($0).jpg" }
        let incomplete = TallyCounter()
        let failedWrites = TallyCounter()

        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var random = SplitMix64(seed: UInt64(thread) + 100)
            for step in 0..<150 {
                let key = keys[Int(random.next() % UInt64(keys.count))]
                if thread % 2 == 0 {
                    let length = Int(random.next() % 200_000)
                    do {
                        try cache.store(Self.payload(version: thread * 1000 + step, length: length), forKey: key)
                    } catch {
                        failedWrites.increment()
                    }
                } else if let data = cache.data(forKey: key), !Self.isComplete(data) {
                    incomplete.increment()
                }
            }
        }

        XCTAssertEqual(failedWrites.value, 0)
        XCTAssertEqual(incomplete.value, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertFalse(names.contains { $0.hasPrefix(".") }, "no temporary files left: \(names)")
        let sizes = try names.map {
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path)[.size] as? Int ?? -1
        }
        XCTAssertEqual(cache.totalSize, sizes.reduce(0, +))
        XCTAssertLessThanOrEqual(cache.totalSize, 4 << 20)

        let reopened = try DiskCache(directory: directory, sizeLimit: 4 << 20)
        XCTAssertEqual(reopened.totalSize, cache.totalSize)
        for key in keys {
            if let data = reopened.data(forKey: key) {
                XCTAssertTrue(Self.isComplete(data), key)
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).count, names.count, "nothing was damaged")
    }
}
