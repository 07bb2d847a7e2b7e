import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// Folders and photo files as sources: which files become rows, their names and order, what is
/// skipped and why, and that the rows load through a pipeline.
final class FolderSourceTests: XCTestCase {
    private var root: URL!
    private var loader: HTTPLoader!

    override func setUpWithError() throws {
        root = try makeTemporaryCacheDirectory()
        loader = HTTPLoader()
    }

    override func tearDown() async throws {
        await loader.shutdown()
    }

    /// Writes a generated photo in `format` at `relativePath` under the root.
    private func writePhoto(_ relativePath: String, as format: ImageEncodingFormat = .jpeg(), seed: UInt64 = 1) throws {
        let image = PhotoGenerator(seed: seed).render(width: 48, height: 32)
        try write(ImageEncoder.encode(image, as: format), to: relativePath)
    }

    private func write(_ bytes: [UInt8], to relativePath: String) throws {
        let file = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    private func link(_ relativePath: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(relativePath).path, withDestinationPath: destination)
    }

    private func collection(_ locations: [String], recursive: Bool = false, excluding: URL? = nil) async throws -> PhotoCollection {
        try await PhotoSource.collection(from: locations, recursive: recursive, excluding: excluding, loader: loader)
    }

    /// Processes `entries` into `out/` as PNG: each row's outcome, and the names of the files
    /// written, in row order.
    private func process(_ entries: [PhotoEntry]) async -> (outcomes: [BatchOutcome], written: [String]) {
        let options = BatchOptions(output: root.appendingPathComponent("out"), format: .png)
        let outcomes = await BatchProcessor(entries: entries, options: options, loader: loader).run()
        let written = outcomes.compactMap { outcome -> String? in
            if case .written(let file) = outcome.state { return file.lastPathComponent }
            return nil
        }
        return (outcomes, written)
    }

    /// A folder with photos, other files, a subfolder, a link loop and a broken link.
    private func makeMixedFolder() throws {
        try writePhoto("photo 10.jpg")
        try writePhoto("photo 2.png", as: .png)
        try writePhoto("sub/c.jpg")
        try writePhoto("sub/deeper/d.png", as: .png)
        try writePhoto(".hidden.jpg")
        try write(Array("shopping list\n".utf8), to: "notes.txt")
        try write(Array("<html>not a photo</html>".utf8), to: "fake.jpg")
        try link("sub/loop", to: "..")
        try link("gone.jpg", to: "nowhere.jpg")
        // A photo whose name says text: formats come from the bytes.
        try writePhoto("misnamed.txt")
    }

    func testAFolderListsItsPhotosByContentInNaturalOrderAndCountsTheRest() async throws {
        try makeMixedFolder()
        let found = try await collection([root.path])
        XCTAssertEqual(found.entries.map(\.name), ["misnamed.txt", "photo 2.png", "photo 10.jpg"])
        XCTAssertEqual(found.entries.map(\.location.kind), [.file, .file, .file])
        XCTAssertEqual(found.entries[1].location.url?.path, root.appendingPathComponent("photo 2.png").path)
        XCTAssertEqual(
            Set(found.skipped),
            [
                SkippedFile(path: "fake.jpg", reason: .notAnImage), SkippedFile(path: "notes.txt", reason: .notAnImage),
                SkippedFile(path: "gone.jpg", reason: .brokenLink), SkippedFile(path: "sub", reason: .subfolder),
            ])
        XCTAssertEqual(
            found.skippedSummary,
            "Skipped 4 entries: 2 not an image, 1 a broken symbolic link, 1 a subfolder (--recursive descends into it).")
    }

    func testRecursiveScansNameRowsByRelativePathAndEndLinkLoops() async throws {
        try makeMixedFolder()
        let found = try await collection([root.path], recursive: true)
        XCTAssertEqual(found.entries.map(\.name), ["misnamed.txt", "photo 2.png", "photo 10.jpg", "sub/c.jpg", "sub/deeper/d.png"])
        XCTAssertTrue(found.skipped.contains(SkippedFile(path: "sub/loop", reason: .alreadyListed)), "\(found.skipped)")
        XCTAssertFalse(found.skipped.contains { $0.reason == .subfolder })
    }

    func testSeveralSourcesKeepTheirOrderAndNameFolderRowsWithTheFolder() async throws {
        try writePhoto("a/one.jpg")
        try writePhoto("b/one.jpg")
        try writePhoto("single.png", as: .png)
        let single = root.appendingPathComponent("single.png").path
        let found = try await collection([single, root.appendingPathComponent("b").path, root.appendingPathComponent("a/").path])
        let b = root.appendingPathComponent("b").path
        let a = root.appendingPathComponent("a").path
        XCTAssertEqual(found.entries.map(\.name), ["single.png", b + "/one.jpg", a + "/one.jpg"])
    }

    func testRepeatedNamesAcrossSourcesAreMadeUnique() async throws {
        try writePhoto("one.jpg")
        let file = root.appendingPathComponent("one.jpg").path
        let found = try await collection([file, file])
        XCTAssertEqual(found.entries.map(\.name), ["one.jpg", "one.jpg (2)"])
    }

    /// `sepia process ~/Pictures/*.jpg -o out` writes `out/a.jpg`, not `out/_home_me_Pictures_a.jpg`:
    /// photo files given one by one are named by their file names, and only two that share one
    /// get a suffix.
    func testPhotoFilesGivenOneByOneAreNamedByTheirFileNames() async throws {
        try writePhoto("Pictures/a.jpg", seed: 1)
        try writePhoto("Pictures/b.png", as: .png, seed: 2)
        try writePhoto("Other/a.jpg", seed: 3)
        let arguments = ["Pictures/a.jpg", "Pictures/b.png", "Other/a.jpg"].map { root.appendingPathComponent($0).path }
        let found = try await collection(arguments)
        XCTAssertEqual(found.entries.map(\.name), ["a.jpg", "b.png", "a.jpg (2)"])
        let (outcomes, written) = await process(found.entries)
        XCTAssertEqual(written, ["a.png", "b.png", "a.jpg (2).png"], "\(outcomes)")
    }

    func testAPhotoFileIsARowAndAnyOtherFileIsReadAsAManifest() async throws {
        try writePhoto("cat.webp.jpg")
        try write(Array("https://example.com/a.jpg\n".utf8), to: "list.txt")
        let photo = try await collection([root.appendingPathComponent("cat.webp.jpg").path])
        XCTAssertEqual(photo.entries.map(\.location.kind), [.file])
        let manifest = try await collection([root.appendingPathComponent("list.txt").path])
        XCTAssertEqual(manifest.entries.map(\.location.kind), [.remote])
    }

    /// A file that starts like an image but whose header is damaged is a photo that fails with
    /// the image's reason; it was read as a manifest ("is not a property list, JSON or a text
    /// list of URLs").
    func testAPhotoFileWithADamagedHeaderIsARowThatFailsWithTheImagesReason() async throws {
        // A 1×1 24-bit BMP (file header, then an info header whose size field says 41 bytes, a
        // size no BMP version has), its one row padded to 4 bytes.
        func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let bmp =
            Array("BM".utf8) + u32(59) + u32(0) + u32(55) + u32(41) + u32(1) + u32(1) + [1, 0, 24, 0]
            + [UInt8](repeating: 0, count: 25) + [0x10, 0x20, 0x30, 0]
        let png = try ImageEncoder.encode(PhotoGenerator(seed: 1).render(width: 8, height: 8), as: .png)
        // The PNG signature after a text-mode transfer turned its CR LF into CR CR LF.
        let textModePNG = Array(png[0..<4]) + [0x0D, 0x0D] + png[5...]
        try write(bmp, to: "odd-header.bmp")
        try write(textModePNG, to: "text-mode.png")
        try write([0xFF, 0xD8, 0x00, 0x00, 0x00, 0x00], to: "no-marker.jpg")
        let reasons = [
            "odd-header.bmp": "The BMP data is corrupt: the header announces an info header of 41 bytes, which no BMP version has.",
            "text-mode.png": "The PNG data is corrupt: PNG file corrupted by ASCII conversion.",
            "no-marker.jpg": "The JPEG data ends before the image is complete (the file is truncated).",
        ]
        for (name, reason) in reasons.sorted(by: { $0.key < $1.key }) {
            let found = try await collection([root.appendingPathComponent(name).path])
            XCTAssertEqual(found.entries.map(\.location.kind), [.file], name)
            let (outcomes, _) = await process(found.entries)
            XCTAssertEqual(outcomes.first?.state.failureReason, reason, name)
        }
    }

    func testAFolderWithoutPhotosIsOneClearError() async throws {
        try write(Array("hello".utf8), to: "readme.md")
        do {
            _ = try await collection([root.path])
            XCTFail("an empty list must not hide the mistake")
        } catch {
            XCTAssertEqual(
                "\(error)", "There are no photos in \(root.path). Skipped 1 entry: 1 not an image.")
        }
    }

    func testAMissingPathIsOneClearError() async throws {
        let missing = root.appendingPathComponent("nothing-here").path
        do {
            _ = try await collection([missing])
            XCTFail("a missing folder must fail")
        } catch {
            XCTAssertEqual("\(error)", "Cannot read the photo list \(missing): No such file or directory.")
        }
    }

    func testTheOutputFolderIsLeftOutOfTheScan() async throws {
        try writePhoto("in.jpg")
        try writePhoto("out/in.jpg")
        let found = try await collection([root.path], recursive: true, excluding: root.appendingPathComponent("out"))
        XCTAssertEqual(found.entries.map(\.name), ["in.jpg"])
        XCTAssertEqual(found.skipped, [], "the batch's own output is not one of the user's entries")
    }

    func testSpecialFilesAreSkippedWithoutBeingOpened() async throws {
        try writePhoto("photo.jpg")
        let fifo = root.appendingPathComponent("pipe.jpg").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let found = try await collection([root.path])
        XCTAssertEqual(found.entries.map(\.name), ["photo.jpg"])
        XCTAssertEqual(found.skipped, [SkippedFile(path: "pipe.jpg", reason: .specialFile)])
    }

    func testFolderRowsLoadThroughThePipelineAndWriteNamesThatCannotCollide() async throws {
        try writePhoto("beach.jpg", seed: 1)
        try writePhoto("beach.png", as: .png, seed: 2)
        try writePhoto("2024/beach.jpg", seed: 3)
        try write(Array("not a photo".utf8), to: "2024/corrupt.jpg.txt")
        try write([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3], to: "broken.jpg")
        let found = try await collection([root.path], recursive: true)
        XCTAssertEqual(found.entries.map(\.name), ["2024/beach.jpg", "beach.jpg", "beach.png", "broken.jpg"])
        let (outcomes, written) = await process(found.entries)
        XCTAssertEqual(written.count, 3, "\(outcomes)")
        XCTAssertEqual(written[0], "2024_beach.png")
        XCTAssertTrue(written[1].hasPrefix("beach ") && written[2].hasPrefix("beach "), "\(written)")
        XCTAssertNotEqual(written[1], written[2])
        XCTAssertNotNil(outcomes[3].state.failureReason, "the broken photo fails its own row")
    }

    /// Linux file names are bytes: a Latin-1 "café.jpg" is a photo like any other, shown with
    /// U+FFFD, opened by its own bytes, and written under a valid name that does not collide.
    func testFilesWhoseNamesAreNotUTF8OpenAndProcessLikeAnyOther() async throws {
        let photo = try ImageEncoder.encode(PhotoGenerator(seed: 4).render(width: 48, height: 32), as: .jpeg())
        let latin1Grave = Array("caf".utf8) + [0xE8] + Array(".jpg".utf8)  // another name decoded the same way
        try RawFileName.write(photo, named: RawFileName.latin1Cafe, in: root)
        try RawFileName.write(photo, named: latin1Grave, in: root)
        try writePhoto("caf\u{FFFD}.jpg")  // a real UTF-8 name that reads the same
        let found = try await collection([root.path])
        XCTAssertEqual(found.entries.map(\.name), ["caf\u{FFFD}.jpg", "caf\u{FFFD}.jpg (2)", "caf\u{FFFD}.jpg (3)"])
        XCTAssertEqual(Set(found.entries.map(\.location)).count, 3, "each row keeps its own file")
        XCTAssertTrue(found.entries.contains { $0.location.url?.absoluteString.hasSuffix("/caf%E9.jpg") == true }, "\(found.entries)")
        XCTAssertEqual(found.skipped, [])

        let (outcomes, written) = await process(found.entries)
        XCTAssertEqual(written, ["caf\u{FFFD}.png", "caf\u{FFFD}.jpg (2).png", "caf\u{FFFD}.jpg (3).png"], "\(outcomes)")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path).sorted(), written.sorted())
    }

    /// A command-line argument arrives as bytes: a photo named by a path that is not UTF-8 is
    /// one row, named with U+FFFD, that loads.
    func testAPhotoGivenByBytesThatAreNotUTF8IsARowThatLoads() async throws {
        let photo = try ImageEncoder.encode(PhotoGenerator(seed: 5).render(width: 48, height: 32), as: .png)
        try RawFileName.write(photo, named: RawFileName.latin1Cafe, in: root)
        let argument = Array(root.path.utf8) + [UInt8(ascii: "/")] + RawFileName.latin1Cafe
        let location = PhotoSource.location(ofArgument: argument)
        XCTAssertTrue(location.hasPrefix("file:///") && location.hasSuffix("/caf%E9.jpg"), location)
        XCTAssertEqual(PhotoSource.location(ofArgument: Array(root.path.utf8)), root.path, "UTF-8 arguments are kept")

        let found = try await collection([location])
        XCTAssertEqual(found.entries.map(\.name), ["caf\u{FFFD}.jpg"])
        let url = try XCTUnwrap(found.entries.first?.location.url)
        let image = try await PhotoPipeline(loader: loader).photo(for: PhotoRequest(url: url))
        XCTAssertEqual(image.size, PixelSize(width: 48, height: 32))

        let missing = PhotoSource.location(ofArgument: Array(root.path.utf8) + [UInt8(ascii: "/"), 0xFF])
        do {
            _ = try await collection([missing])
            XCTFail("a missing file must fail")
        } catch {
            XCTAssertEqual("\(error)", "Cannot read the photo list \(root.path)/\u{FFFD}: No such file or directory.")
        }
    }
}
