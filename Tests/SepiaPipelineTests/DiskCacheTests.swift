import Foundation
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// Storage, persistence, trimming, damaged entries and errors of `DiskCache`.
final class DiskCacheTests: XCTestCase {
    /// The size of an entry's file without metadata: 28 bytes of header, the key, the payload.
    private func fileSize(key: String, payload: Int) -> Int {
        28 + key.utf8.count + payload
    }

    private func entryFile(_ key: String, in directory: URL) -> URL {
        directory.appendingPathComponent(DiskCache.fileName(forKey: key))
    }

    private func contents(of directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    // MARK: Storing

    func testRoundTrip() throws {
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 1 << 20)
        let payload = Data((0..<1000).map { UInt8($0 % 251) })
        XCTAssertNil(cache.data(forKey: "https://example.com/a.jpg"))
        try cache.store(payload, forKey: "https://example.com/a.jpg")
        try cache.store(Data(), forKey: "empty")
        XCTAssertEqual(cache.data(forKey: "https://example.com/a.jpg"), payload)
        XCTAssertEqual(cache.data(forKey: "empty"), Data())
        XCTAssertEqual(cache.totalSize, fileSize(key: "https://example.com/a.jpg", payload: 1000) + fileSize(key: "empty", payload: 0))
    }

    func testFileNamesAre128BitFNV1aHashes() {
        XCTAssertEqual(DiskCache.fileName(forKey: ""), "6c62272e07bb014262b821756295c58d")
        XCTAssertEqual(DiskCache.fileName(forKey: "a"), "d228cb696f1a8caf78912b704e4a8964")
        XCTAssertEqual(DiskCache.fileName(forKey: "foobar"), "343e1662793c64bf6f0d3597ba446f18")
        XCTAssertEqual(DiskCache.fileName(forKey: "Grüße/photo 1.jpg"), "90408cc04204974bc9fdbf7c8b839f7d")
    }

    func testReplacingAnEntry() throws {
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 1 << 20)
        try cache.store(Data(repeating: 1, count: 500), forKey: "k")
        try cache.store(Data(repeating: 2, count: 100), forKey: "k")
        XCTAssertEqual(cache.data(forKey: "k"), Data(repeating: 2, count: 100))
        XCTAssertEqual(cache.totalSize, fileSize(key: "k", payload: 100))
    }

    func testEntriesPersistAcrossInstances() throws {
        let directory = try makeTemporaryCacheDirectory()
        let first = try DiskCache(directory: directory, sizeLimit: 1 << 20)
        try first.store(Data("one".utf8), forKey: "1")
        try first.store(Data("two".utf8), forKey: "2")

        let second = try DiskCache(directory: directory, sizeLimit: 1 << 20)
        XCTAssertEqual(second.totalSize, first.totalSize)
        XCTAssertEqual(second.data(forKey: "1"), Data("one".utf8))
        XCTAssertEqual(second.data(forKey: "2"), Data("two".utf8))
    }

    func testRemoval() throws {
        let directory = try makeTemporaryCacheDirectory()
        let cache = try DiskCache(directory: directory, sizeLimit: 1 << 20)
        try cache.store(Data("one".utf8), forKey: "1")
        try cache.store(Data("two".utf8), forKey: "2")
        try Data("not mine".utf8).write(to: directory.appendingPathComponent("README"))

        cache.removeData(forKey: "1")
        cache.removeData(forKey: "never stored")
        XCTAssertNil(cache.data(forKey: "1"))
        XCTAssertEqual(cache.totalSize, fileSize(key: "2", payload: 3))

        cache.removeAll()
        XCTAssertNil(cache.data(forKey: "2"))
        XCTAssertEqual(cache.totalSize, 0)
        XCTAssertEqual(try contents(of: directory), ["README"], "only entry files are removed")
    }

    func testWritesLeaveNoTemporaryFiles() throws {
        let directory = try makeTemporaryCacheDirectory()
        let cache = try DiskCache(directory: directory, sizeLimit: 1 << 20)
        for index in 0..<20 {
            try cache.store(Data(repeating: UInt8(index), count: 1000), forKey: "key \(index % 5)")
        }
        let names = try contents(of: directory)
        XCTAssertEqual(names, (0..<5).map { DiskCache.fileName(forKey: "key \($0)") }.sorted())
    }

    func testStaleTemporaryFilesAreRemovedWhenTheDirectoryIsOpened() throws {
        let directory = try makeTemporaryCacheDirectory()
        let stale = directory.appendingPathComponent(".tmp-crashed")
        let fresh = directory.appendingPathComponent(".tmp-in-progress")
        try Data("partial".utf8).write(to: stale)
        try Data("partial".utf8).write(to: fresh)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: stale.path)

        let cache = try DiskCache(directory: directory, sizeLimit: 1 << 20)
        XCTAssertEqual(try contents(of: directory), [".tmp-in-progress"], "another process may still be writing the fresh one")
        XCTAssertEqual(cache.totalSize, 0)
    }

    // MARK: Trimming

    func testTrimmingRemovesTheLeastRecentlyUsedDownToNinetyPercent() throws {
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 1000)
        let payload = Data(repeating: 7, count: 250 - fileSize(key: "a", payload: 0))  // 250-byte files
        for key in ["a", "b", "c", "d"] {
            try cache.store(payload, forKey: key)
        }
        XCTAssertEqual(cache.totalSize, 1000, "at the limit is not over it")
        XCTAssertNotNil(cache.data(forKey: "a"), "reading a makes b, then c the least recently used")

        try cache.store(payload, forKey: "e")  // 1250: removing b gives 1000, still over 90%; c too gives 750
        XCTAssertEqual(cache.totalSize, 750)
        XCTAssertNil(cache.data(forKey: "b"))
        XCTAssertNil(cache.data(forKey: "c"))
        for key in ["a", "d", "e"] {
            XCTAssertEqual(cache.data(forKey: key), payload, key)
        }
    }

    func testTheEntryJustWrittenIsNeverTrimmed() throws {
        let cache = try DiskCache(directory: makeTemporaryCacheDirectory(), sizeLimit: 1000)
        try cache.store(Data(repeating: 1, count: 100), forKey: "small")
        try cache.store(Data(repeating: 2, count: 950), forKey: "large")  // over 90% of the limit on its own
        XCTAssertNil(cache.data(forKey: "small"))
        XCTAssertEqual(cache.data(forKey: "large"), Data(repeating: 2, count: 950))
        XCTAssertEqual(cache.totalSize, fileSize(key: "large", payload: 950))
    }

    func testReadsOrderTrimmingInTheNextInstanceToo() throws {
        let directory = try makeTemporaryCacheDirectory()
        let payload = Data(repeating: 7, count: 400 - fileSize(key: "a", payload: 0))
        let first = try DiskCache(directory: directory, sizeLimit: 1000)
        try first.store(payload, forKey: "a")
        try first.store(payload, forKey: "b")
        XCTAssertNotNil(first.data(forKey: "a"), "touches a's modification date")

        let second = try DiskCache(directory: directory, sizeLimit: 1000)
        try second.store(payload, forKey: "c")
        XCTAssertNil(second.data(forKey: "b"))
        XCTAssertNotNil(second.data(forKey: "a"))
        XCTAssertNotNil(second.data(forKey: "c"))
    }

    func testOpeningWithASmallerLimitTrims() throws {
        let directory = try makeTemporaryCacheDirectory()
        let payload = Data(repeating: 7, count: 400 - fileSize(key: "a", payload: 0))
        let large = try DiskCache(directory: directory, sizeLimit: 10_000)
        for key in ["a", "b", "c"] {
            try large.store(payload, forKey: key)
        }
        let small = try DiskCache(directory: directory, sizeLimit: 1000)
        XCTAssertLessThanOrEqual(small.totalSize, 900)
        XCTAssertEqual(try contents(of: directory).count, 2)
    }

    func testEntriesLargerThanTheLimitAreNotStored() throws {
        let directory = try makeTemporaryCacheDirectory()
        let cache = try DiskCache(directory: directory, sizeLimit: 1000)
        try cache.store(Data("old".utf8), forKey: "k")
        try cache.store(Data("other".utf8), forKey: "o")
        try cache.store(Data(repeating: 0, count: 1000), forKey: "k")
        XCTAssertNil(cache.data(forKey: "k"), "the old entry would be stale")
        XCTAssertEqual(cache.data(forKey: "o"), Data("other".utf8))
        XCTAssertEqual(try contents(of: directory), [DiskCache.fileName(forKey: "o")])
    }

    // MARK: Damaged entries

    private func assertDamagedEntryIsAMissAndRemoved(
        file: StaticString = #filePath, line: UInt = #line, damage: (URL) throws -> Void
    ) throws {
        let directory = try makeTemporaryCacheDirectory()
        let cache = try DiskCache(directory: directory, sizeLimit: 1 << 20)
        try cache.store(Data(repeating: 9, count: 100), forKey: "k")
        try cache.store(Data(repeating: 8, count: 100), forKey: "other")
        try damage(entryFile("k", in: directory))
        XCTAssertNil(cache.data(forKey: "k"), file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: entryFile("k", in: directory).path), "removed", file: file, line: line)
        XCTAssertEqual(cache.totalSize, fileSize(key: "other", payload: 100), file: file, line: line)
        XCTAssertEqual(cache.data(forKey: "other"), Data(repeating: 8, count: 100), file: file, line: line)
    }

    func testTruncatedEntry() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 60)
            try handle.close()
        }
    }

    func testEntryShorterThanItsHeader() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            try Data("SEPIADC1".utf8).write(to: url)
        }
    }

    func testEntryWithExtraBytes() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([1, 2, 3]))
            try handle.close()
        }
    }

    func testEntryWithABadHeader() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            var bytes = try Data(contentsOf: url)
            bytes[0] = UInt8(ascii: "X")
            try bytes.write(to: url)
        }
    }

    func testEntryOverwrittenWithGarbage() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            try Data(repeating: 0xFF, count: 200).write(to: url)
        }
    }

    func testUnreadableEntry() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            try FileManager.default.removeItem(at: url)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        }
    }

    /// One flipped bit in the payload, with a header that still fits: only the checksum sees it.
    func testEntryWithAFlippedPayloadBit() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count - 7] ^= 0x10
            try bytes.write(to: url)
        }
    }

    /// An entry of the first layout, which had no checksum, is downloaded again.
    func testEntryOfTheOldLayoutWithoutChecksum() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            var bytes = try Data(contentsOf: url)
            bytes.replaceSubrange(0..<8, with: Data("SEPIADC1".utf8))
            bytes.removeSubrange(12..<16)  // no metadata length
            bytes.removeSubrange(20..<24)  // no checksum
            try bytes.write(to: url)
        }
    }

    /// A FIFO in place of an entry must not block the reader (nothing writes to it).
    func testFIFOInPlaceOfAnEntry() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            try FileManager.default.removeItem(at: url)
            XCTAssertEqual(mkfifo(url.path, 0o600), 0)
        }
    }

    func testEntryHoldingAnotherKey() throws {
        try assertDamagedEntryIsAMissAndRemoved { url in
            // What a hash collision would look like: k's file holds the entry for "other".
            let otherFile = url.deletingLastPathComponent().appendingPathComponent(DiskCache.fileName(forKey: "other"))
            try Data(contentsOf: otherFile).write(to: url)
        }
    }

    // MARK: Errors

    func testDirectoryThatCannotBeCreated() {
        XCTAssertThrowsError(try DiskCache(directory: URL(fileURLWithPath: "/dev/null/sepia"), sizeLimit: 1000)) { error in
            XCTAssertEqual(error as? DiskCacheError, DiskCacheError(.createDirectory, path: "/dev/null/sepia", reason: "Not a directory"))
            XCTAssertEqual("\(error)", "Cannot create the cache directory /dev/null/sepia: Not a directory.")
        }
    }

    func testRegularFileInPlaceOfTheDirectory() throws {
        let file = try makeTemporaryCacheDirectory().appendingPathComponent("cache")
        try Data().write(to: file)
        XCTAssertThrowsError(try DiskCache(directory: file, sizeLimit: 1000)) { error in
            XCTAssertEqual((error as? DiskCacheError)?.operation, .createDirectory)
            XCTAssertEqual((error as? DiskCacheError)?.path, file.path)
        }
    }

    func testWriteIntoADirectoryThatWasReplacedByAFile() throws {
        let directory = try makeTemporaryCacheDirectory().appendingPathComponent("cache")
        let cache = try DiskCache(directory: directory, sizeLimit: 1000)
        try FileManager.default.removeItem(at: directory)
        try Data().write(to: directory)

        XCTAssertThrowsError(try cache.store(Data("x".utf8), forKey: "k")) { error in
            let expected = DiskCacheError(.write, path: self.entryFile("k", in: directory).path, reason: "Not a directory")
            XCTAssertEqual(error as? DiskCacheError, expected)
            XCTAssertEqual("\(error)", "Cannot write the cache file \(expected.path): Not a directory.")
        }
        XCTAssertNil(cache.data(forKey: "k"))
        cache.removeData(forKey: "k")
        cache.removeAll()
        XCTAssertEqual(cache.totalSize, 0)
    }

    // MARK: Default directory

    func testDefaultDirectoryFollowsXDG() {
        XCTAssertEqual(
            DiskCache.defaultDirectory(named: "originals", environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]).path,
            "/var/cache/me/sepia/originals"
        )
        XCTAssertEqual(
            DiskCache.defaultDirectory(named: "processed", environment: ["XDG_CACHE_HOME": "relative/ignored", "HOME": "/home/me"]).path,
            "/home/me/.cache/sepia/processed"
        )
        XCTAssertEqual(
            DiskCache.defaultDirectory(named: "processed", environment: ["XDG_CACHE_HOME": "", "HOME": "/home/me"]).path,
            "/home/me/.cache/sepia/processed"
        )
        XCTAssertEqual(
            DiskCache.defaultDirectory(named: "originals", environment: [:]).path,
            NSHomeDirectory() + "/.cache/sepia/originals"
        )
    }
}
