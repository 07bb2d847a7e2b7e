import Dispatch
import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaOperations
import XCTest

@testable import SepiaPipeline

/// Output, report and cache folders that other tasks (or other users) share: what is planted
/// or left there is not taken for the batch's own files.
final class SharedFolderTests: XCTestCase {
    private var folder: URL!
    private var loader: HTTPLoader!

    override func setUpWithError() throws {
        loader = HTTPLoader()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
        await loader.shutdown()
    }

    private func photo(_ name: String) throws -> PhotoEntry {
        let file = folder.appendingPathComponent("\(name)-source.jpg")
        try Data(ImageEncoder.encode(PhotoGenerator(seed: 3).render(width: 64, height: 48), as: .jpeg(quality: 90))).write(to: file)
        return PhotoEntry(name: name, location: .file(file))
    }

    private func setModified(_ url: URL, secondsAgo: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-secondsAgo)], ofItemAtPath: url.path)
    }

    func testAPlantedSymbolicLinkIsNotAPhotoAlreadyThere() async throws {
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("someone-elses.txt")
        try Data("keep me".utf8).write(to: target)
        let link = output.appendingPathComponent("Planted.jpg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let outcomes = await BatchProcessor(entries: [try photo("Planted")], options: BatchOptions(output: output), loader: loader).run()
        guard case .written = outcomes.first?.state else { return XCTFail("the link counted as done: \(outcomes)") }
        XCTAssertEqual(LocalFile.status(link.path)?.isRegularFile, true, "the photo replaced the link")
        XCTAssertEqual(try Data(contentsOf: target), Data("keep me".utf8), "the link's target is untouched")
    }

    func testAbandonedPartialFilesAreRemovedAndLiveOnesKept() async throws {
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        func file(_ name: String, secondsAgo: TimeInterval) throws -> URL {
            let url = output.appendingPathComponent(name)
            try Data("x".utf8).write(to: url)
            try setModified(url, secondsAgo: secondsAgo)
            return url
        }
        let hex = String(repeating: "0123456789abcdef", count: 2)
        let abandoned = try file(".\(hex).partial", secondsAgo: 2 * 60 * 60)
        let live = try file(".\(String(hex.reversed())).partial", secondsAgo: 60)
        let notOurs = try file(".\(hex.uppercased()).partial", secondsAgo: 2 * 60 * 60)
        let photoFile = try file("old.partial.jpg", secondsAgo: 2 * 60 * 60)

        let outcomes = await BatchProcessor(entries: [try photo("New")], options: BatchOptions(output: output), loader: loader).run()
        XCTAssertEqual(outcomes.count, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned.path), "an hour old, by our naming: abandoned")
        for kept in [live, notOurs, photoFile] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), kept.lastPathComponent)
        }

        let otherShard = try file(".\(hex).partial", secondsAgo: 2 * 60 * 60)
        let options = BatchOptions(output: output, shard: try BatchShard(index: 2, count: 2))
        _ = await BatchProcessor(entries: [try photo("Other")], options: options, loader: loader).run()
        XCTAssertTrue(FileManager.default.fileExists(atPath: otherShard.path), "only shard 1 (or a whole batch) cleans")
    }

    func testTheReportMustBeARegularFileAndIsNeverFollowed() throws {
        let target = folder.appendingPathComponent("target.txt")
        try Data("keep me".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.jsonl")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        XCTAssertThrowsError(try BatchReportFile(path: link.path)) { error in
            XCTAssertEqual("\(error)", "cannot write the report \(link.path): it is a symbolic link, not a regular file")
        }
        XCTAssertEqual(try Data(contentsOf: target), Data("keep me".utf8))

        XCTAssertThrowsError(try BatchReportFile(path: "/dev/null")) { error in
            XCTAssertEqual("\(error)", "cannot write the report /dev/null: it is a character device, not a regular file")
        }

        let fifo = folder.appendingPathComponent("fifo.jsonl").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Opened on another thread: should the open block on the FIFO, the test fails, and a
        // reader opened here lets the open return.
        let opened = DispatchSemaphore(value: 0)
        let result = Locked<String?>(nil)
        DispatchQueue.global().async {
            do {
                _ = try BatchReportFile(path: fifo)
                result.withLock { $0 = "opened" }
            } catch {
                result.withLock { $0 = "\(error)" }
            }
            opened.signal()
        }
        if opened.wait(timeout: .now() + 10) == .timedOut {
            XCTFail("opening the report blocked on a FIFO")
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            opened.wait()
            close(reader)
        }
        XCTAssertEqual(result.withLock { $0 }, "cannot write the report \(fifo): it is a FIFO (named pipe), not a regular file")
    }

    func testTheCacheFolderIsPrivate() throws {
        let directory = folder.appendingPathComponent("home/.cache/sepia/originals")
        _ = try DiskCache(directory: directory, sizeLimit: 1 << 20)
        for url in [directory, directory.deletingLastPathComponent()] {
            let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            XCTAssertEqual(permissions, 0o700, url.path)
        }
    }

    func testACacheHitReadsNoMoreThanTheCallerTakes() throws {
        let cache = try DiskCache(directory: folder.appendingPathComponent("cache"), sizeLimit: 64 << 20)
        let large = Data(repeating: 7, count: 3 << 20)
        try cache.store(large, forKey: "large")
        XCTAssertNil(cache.entry(forKey: "large", maximumDataSize: 1 << 20), "3 MB over a limit of 1 MB: a miss")
        XCTAssertEqual(cache.entry(forKey: "large", maximumDataSize: 4 << 20)?.data, large, "kept for callers that take more")
    }
}

/// The mark of the number of shards lies in the shared output folder too.
final class ShardCountMarkPlantingTests: XCTestCase {
    func testAFIFOInPlaceOfTheMarkIsRefusedWithoutBlocking() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-mark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mark = folder.appendingPathComponent(ShardCountMark.fileName).path
        XCTAssertEqual(mkfifo(mark, 0o600), 0)
        let assignment = ShardAssignment(shard: try BatchShard(index: 1, count: 2), source: ShardAssignment.commandLineSource)
        let checked = DispatchSemaphore(value: 0)
        let result = Locked<String?>(nil)
        DispatchQueue.global().async {
            do throws(BatchShardError) {
                try ShardCountMark.check(assignment, folder: folder)
                result.withLock { $0 = "accepted" }
            } catch {
                result.withLock { $0 = "\(error)" }
            }
            checked.signal()
        }
        if checked.wait(timeout: .now() + 10) == .timedOut {
            XCTFail("reading the mark blocked on a FIFO")
            let writer = open(mark, O_WRONLY | O_NONBLOCK)
            close(writer)
            checked.wait()
        }
        XCTAssertEqual(
            result.withLock { $0 }, "cannot read the number of shards in \(mark): it is a FIFO (named pipe), not a regular file")
    }
}
