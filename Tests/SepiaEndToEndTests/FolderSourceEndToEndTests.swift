import Foundation
import SepiaTestSupport
import XCTest

/// `sepia browse DIR` and `sepia process DIR -o OUT` on a folder of photos made with
/// ImageMagick: rows named by relative path, other files skipped and counted.
final class FolderSourceEndToEndTests: SepiaSessionTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = try makeTemporaryCacheDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("trip"), withIntermediateDirectories: true)
        for (name, colours) in [("harbour.jpg", "navy-skyblue"), ("dunes.png", "orange-khaki"), ("trip/summit.gif", "gray-white")] {
            let made = try CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/convert"),
                ["-size", "96x64", "gradient:\(colours)", folder.appendingPathComponent(name).path],
                environment: ProcessInfo.processInfo.environment)
            XCTAssertEqual(made.status, 0, "ImageMagick's convert (scripts/install-deps installs it): \(made.errorOutput)")
        }
        try Data("not a photo\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    }

    func testProcessWritesEveryPhotoOfTheFolderTreeAndCountsWhatItSkipped() throws {
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(), ["process", folder.path, "--recursive", "-o", output.path, "--format", "png"],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, result.output + result.errorOutput)
        XCTAssertTrue(result.errorOutput.contains("Skipped 1 entry: 1 not an image."), result.errorOutput)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        XCTAssertEqual(written, ["dunes.png", "harbour.png", "trip_summit.png"])
    }

    func testBrowseShowsAFoldersPhotosNamedByTheirPaths() throws {
        try startSepia(["browse", folder.path, "--recursive", "--graphics", "none"])
        let screen = try session.waitForScreen("the folder's rows") { $0.contains("trip/summit.gif") && $0.contains("harbour.jpg") }
        XCTAssertFalse(screen.text.contains("notes.txt"), "a text file is no row:\n\(screen.text)")
        try session.press("q")
        try assertExits(withStatus: 0)
    }
}
