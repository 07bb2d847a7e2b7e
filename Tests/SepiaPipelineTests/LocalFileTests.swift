import Foundation
import XCTest

@testable import SepiaPipeline

/// Whole-file reads and atomic writes through POSIX calls.
final class LocalFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sepia-local-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testReadsWhatWasWritten() throws {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try LocalFile.writeAtomically(bytes, to: folder.appendingPathComponent("a.bin"))
        XCTAssertEqual(try LocalFile.read(LocalPath(path("a.bin")), limit: bytes.count), Data(bytes))
        XCTAssertEqual(try LocalFile.read(LocalPath(path("a.bin")), limit: .max).count, bytes.count)
        try LocalFile.writeAtomically([UInt8](), to: folder.appendingPathComponent("empty"))
        XCTAssertEqual(try LocalFile.read(LocalPath(path("empty")), limit: 0), Data())
    }

    func testRefusesAFileOverTheLimitBeforeReadingIt() throws {
        try LocalFile.create(path("big"), contents: [UInt8](repeating: 1, count: 101))
        XCTAssertThrowsError(try LocalFile.read(LocalPath(path("big")), limit: 100)) { error in
            XCTAssertEqual(error as? LocalFileError, .tooLarge(size: 101, limit: 100))
        }
    }

    func testMissingFileAndFolderSayWhatIsWrongInTheSystemsWords() {
        XCTAssertThrowsError(try LocalFile.read(LocalPath(path("none")), limit: 10)) { error in
            XCTAssertEqual(error as? LocalFileError, .system(ENOENT))
            XCTAssertEqual("\(error)", "No such file or directory")
        }
        XCTAssertThrowsError(try LocalFile.read(LocalPath(folder.path), limit: 10)) { error in
            XCTAssertEqual(error as? LocalFileError, .system(EISDIR))
        }
    }

    func testAtomicWriteReplacesTheFileAndLeavesNothingElse() throws {
        let file = folder.appendingPathComponent("photo.jpg")
        try LocalFile.writeAtomically([1, 2, 3], to: file)
        try LocalFile.writeAtomically([4, 5], to: file)
        XCTAssertEqual(try LocalFile.read(LocalPath(file.path), limit: 10), Data([4, 5]))
        XCTAssertEqual(try names(), ["photo.jpg"], "no temporary file is left behind")
    }

    /// A name at the file system's 255-byte limit still gets written: the temporary file's
    /// name does not grow with it.
    func testAtomicWriteOfANameAtTheLengthLimit() throws {
        let name = String(repeating: "n", count: 251) + ".jpg"
        try LocalFile.writeAtomically([7], to: folder.appendingPathComponent(name))
        XCTAssertEqual(try names(), [name])
    }

    func testFailedAtomicWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let file = folder.appendingPathComponent("photo.jpg")
        try LocalFile.writeAtomically([1, 2, 3], to: file)
        // A folder in the way of the rename: the temporary file is written, the rename fails.
        let blocked = folder.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try LocalFile.writeAtomically([9], to: blocked)) { error in
            XCTAssertNotNil(error as? LocalFileError)
        }
        XCTAssertEqual(try names(), ["blocked", "photo.jpg"])
        XCTAssertEqual(try LocalFile.read(LocalPath(file.path), limit: 10), Data([1, 2, 3]))
        XCTAssertThrowsError(try LocalFile.writeAtomically([9], to: folder.appendingPathComponent("gone/photo.jpg"))) { error in
            XCTAssertEqual(error as? LocalFileError, .system(ENOENT))
        }
    }

    func testCreateNeverOverwrites() throws {
        try LocalFile.create(path("once"), contents: [1])
        XCTAssertThrowsError(try LocalFile.create(path("once"), contents: [2])) { error in
            XCTAssertEqual(error as? LocalFileError, .system(EEXIST))
        }
        XCTAssertEqual(try LocalFile.read(LocalPath(path("once")), limit: 1), Data([1]))
    }

    /// A pipe has no size: it is read to its end, and the limit still holds.
    func testReadsAPipeToItsEnd() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let fifo = path("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            bytes.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count <= 0 { break }
                    written += count
                }
            }
            close(descriptor)
        }
        writer.start()
        XCTAssertEqual(try LocalFile.read(LocalPath(fifo), limit: bytes.count), Data(bytes))
    }

    func testPipeOverTheLimitIsRefused() throws {
        let fifo = path("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            // Less than a pipe's buffer: the write ends before the reader gives up (no SIGPIPE).
            let bytes = [UInt8](repeating: 1, count: 5_000)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            close(descriptor)
        }
        writer.start()
        XCTAssertThrowsError(try LocalFile.read(LocalPath(fifo), limit: 1000)) { error in
            guard case .tooLarge(_, 1000)? = error as? LocalFileError else { return XCTFail("\(error)") }
        }
    }

    /// A photo must be a regular file: a FIFO without a writer used to block `open` (and so
    /// a download slot) forever, and /dev/zero used to be read up to the size limit.
    func testAPhotoReadRefusesWhatIsNotARegularFileWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(path("fifo"), 0o600), 0)
        let refusals: [(String, FileKind)] = [(path("fifo"), .fifo), ("/dev/zero", .characterDevice), (folder.path, .folder)]
        for (path, kind) in refusals {
            XCTAssertThrowsError(try LocalFile.readRegularFile(path, limit: 1 << 20), path) { error in
                XCTAssertEqual(error as? LocalFileError, .notRegularFile(kind))
                XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
            }
        }
        try LocalFile.create(path("photo"), contents: [UInt8](repeating: 9, count: 10))
        XCTAssertEqual(try LocalFile.readRegularFile(path("photo"), limit: 10).data, Data(repeating: 9, count: 10))
        XCTAssertThrowsError(try LocalFile.readRegularFile(path("photo"), limit: 9))
    }
}
