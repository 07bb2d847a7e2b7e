import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// A local manifest's rows that name files by bytes that are not UTF-8, where Foundation's
/// `URL.path` is empty: `file:` URLs with escapes ("caf%E9.jpg"), and relative rows of a
/// manifest in a folder whose name is not UTF-8. Each row finds its file and loads.
final class ManifestRawPathTests: XCTestCase {
    private let loader = HTTPLoader()

    override func tearDown() async throws {
        await loader.shutdown()
    }

    private static func photo(seed: UInt64) throws -> [UInt8] {
        try ImageEncoder.encode(PhotoGenerator(seed: seed).render(width: 40, height: 24), as: .png)
    }

    /// The rows of the manifest at `path` (bytes), given as a command-line argument gives it.
    private func rows(ofManifestAt path: [UInt8]) async throws -> [PhotoEntry] {
        try await PhotoSource.collection(from: [PhotoSource.location(ofArgument: path)], loader: loader).entries
    }

    /// Asserts that `row` is the file at `path` (bytes) and that its photo loads.
    private func assertLoads(_ row: PhotoEntry?, from path: [UInt8], file: StaticString = #filePath, line: UInt = #line) async throws {
        let url = try XCTUnwrap(row?.location.url, file: file, line: line)
        XCTAssertEqual(url, LocalPath(bytes: path).fileURL, file: file, line: line)
        let image = try await PhotoPipeline(loader: loader).photo(for: PhotoRequest(url: url))
        XCTAssertEqual(image.size, PixelSize(width: 40, height: 24), file: file, line: line)
    }

    func testFileURLsThatEscapeBytesThatAreNotUTF8FindTheirFiles() async throws {
        let root = try makeTemporaryCacheDirectory()
        try RawFileName.write(Self.photo(seed: 1), named: RawFileName.latin1Cafe, in: root)
        let manifest = """
            file://\(root.path)/caf%E9.jpg
            file://\(root.path)/sub/../caf%E9.jpg
            file://\(root.path)/caf%E8.jpg

            """
        try Data(manifest.utf8).write(to: root.appendingPathComponent("list.txt"))

        let rows = try await rows(ofManifestAt: Array(root.appendingPathComponent("list.txt").path.utf8))
        XCTAssertEqual(rows.count, 3, "\(rows)")
        let cafe = RawFileName.path(root, RawFileName.latin1Cafe)
        let found = rows.filter { $0.location.url == LocalPath(bytes: cafe).fileURL }
        XCTAssertEqual(found.count, 2, "the path with \"..\" is standardized to the same file: \(rows)")
        try await assertLoads(found.first, from: cafe)

        let missing = try XCTUnwrap(rows.first { $0.location.url?.absoluteString.hasSuffix("/caf%E8.jpg") == true }?.location.url)
        do {
            _ = try await PhotoPipeline(loader: loader).photo(for: PhotoRequest(url: missing))
            XCTFail("a missing file must fail")
        } catch {
            XCTAssertTrue("\(error)".contains("No such file or directory"), "\(error)")
        }
    }

    func testRelativeRowsOfAManifestInAFolderWhoseNameIsNotUTF8FindTheirFiles() async throws {
        let root = try makeTemporaryCacheDirectory()
        let folder = try RawFileName.makeFolder(named: Array("photos".utf8) + [0xE9], in: root)
        try RawFileName.write(Self.photo(seed: 2), at: folder + Array("/beach.png".utf8))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try Data(Self.photo(seed: 3)).write(to: root.appendingPathComponent("elsewhere/hill.png"))
        try RawFileName.write(Array("beach.png\n../elsewhere/hill.png\n".utf8), at: folder + Array("/list.txt".utf8))

        let rows = try await rows(ofManifestAt: folder + Array("/list.txt".utf8))
        XCTAssertEqual(rows.map(\.name), ["beach", "hill"])
        try await assertLoads(rows.first, from: folder + Array("/beach.png".utf8))
        try await assertLoads(rows.last, from: Array(root.appendingPathComponent("elsewhere/hill.png").path.utf8))
    }
}
