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
        // The summary's seconds, rate and megapixels have one decimal each.
        let counts = "3 written, 0 already there, 0 failed, 0 cancelled of 3 photos in "
        let figures = /\d+\.\d s \(\d+\.\d photos\/s, \d+\.\d MP, 0 KB downloaded\)/
        let summary = try XCTUnwrap(result.output.split(separator: "\n").first { $0.hasPrefix(counts) }, result.output)
        XCTAssertNotNil(summary.dropFirst(counts.count).wholeMatch(of: figures), String(summary))
    }

    /// Issue 27: hostile and damaged photos fail their own rows and the rest of the batch is
    /// written. The 126-byte TIFF announces 4,294,967,295 × 2,147,483,649 pixels (its bytes are
    /// Fuzz/Corpus/ImageDecoderFuzzer/overflowing-size.tif, laid out in PixelLimitTests), whose
    /// product killed the process; a BMP whose info header size is 41 was read as a manifest.
    func testProcessFailsHostileAndDamagedPhotosOnTheirOwnRows() throws {
        let tiff = try XCTUnwrap(
            Data(
                base64Encoded: "SUkqABgAAAAAAAAAAAAAAAAAAAAAAAAACAAAAQQAAQAAAP////8BAQQAAQAAAAEAAIACAQMAAQAAAAEAAAADAQMAAQAAAAE"
                    + "AAAAGAQMAAQAAAAEAAAARAQQAAQAAAAgAAAAWAQQAAQAAAP////8XAQQAAQAAABAAAAAAAAAA"))
        XCTAssertEqual(tiff.count, 126)
        try tiff.write(to: folder.appendingPathComponent("huge.tif"))
        func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let bmp =
            Array("BM".utf8) + u32(59) + u32(0) + u32(55) + u32(41) + u32(1) + u32(1) + [1, 0, 24, 0]
            + [UInt8](repeating: 0, count: 25) + [0x10, 0x20, 0x30, 0]
        try Data(bmp).write(to: folder.appendingPathComponent("odd-header.bmp"))

        let output = folder.appendingPathComponent("out")
        let sources = ["huge.tif", "odd-header.bmp", "harbour.jpg"].map { folder.appendingPathComponent($0).path }
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(), ["process"] + sources + ["-o", output.path, "--format", "png"],
            environment: ProcessInfo.processInfo.environment)
        let text = result.output + result.errorOutput
        XCTAssertEqual(result.status, 1, "two photos failed, no crash: \(text)")
        XCTAssertTrue(text.contains("The image is 4294967295×2147483649 pixels, more than the limit of 100000000 pixels."), text)
        XCTAssertTrue(text.contains("the header announces an info header of 41 bytes, which no BMP version has"), text)
        XCTAssertFalse(text.contains("property list"), text)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path)
        XCTAssertEqual(written.count, 1, "\(written)")
        XCTAssertTrue(written.allSatisfy { $0.hasSuffix("harbour.png") }, "the JPEG is still written: \(written)")
    }

    /// Standard error is not a terminal: the progress is plain lines, and the final count shows
    /// once, though the last change after it drew (the photo's megapixels) is not on the line.
    func testTheFinalProgressLineShowsOnce() throws {
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(),
            ["process", folder.appendingPathComponent("harbour.jpg").path, "-o", folder.appendingPathComponent("one").path],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, result.output + result.errorOutput)
        let progressLines = result.errorOutput.split(separator: "\n").filter { $0.hasSuffix(" photos") }
        XCTAssertEqual(progressLines, ["1/1 photos"], result.errorOutput)
    }

    func testBrowseShowsAFoldersPhotosNamedByTheirPathsAndCountsWhatItSkipped() throws {
        let photo = [UInt8](try Data(contentsOf: folder.appendingPathComponent("dunes.png")))
        try RawFileName.write(photo, named: RawFileName.latin1Cafe, in: folder)
        try startSepia(["browse", folder.path, "--recursive", "--graphics", "none"])
        let screen = try session.waitForScreen("the folder's rows") { $0.contains("trip/summit.gif") && $0.contains("harbour.jpg") }
        XCTAssertTrue(screen.text.contains("caf\u{FFFD}.jpg"), "a Latin-1 name is a row too:\n\(screen.text)")
        XCTAssertFalse(screen.text.contains("notes.txt"), "a text file is no row:\n\(screen.text)")
        XCTAssertTrue(screen.statusBar.contains(" new · 1 skipped"), "the text file is counted:\n\(screen.statusBar)")
        try session.waitForScreen("every photo filtered, the Latin-1 one too") {
            $0.statusBar.contains("4 filtered · 0 downloaded · 0 failed · 0 new · 1 skipped")
        }
        try session.press("q")
        try assertExits(withStatus: 0)
    }

    /// A file whose name is not UTF-8 (Latin-1 "café.jpg", as old cameras and archives write
    /// it) is processed like any other, in a folder and named on the command line, whose
    /// arguments arrive as bytes (passed through `sh`, since `Process` takes `String`s).
    func testProcessReadsFilesWhoseNamesAreNotUTF8() throws {
        let photo = [UInt8](try Data(contentsOf: folder.appendingPathComponent("harbour.jpg")))
        try RawFileName.write(photo, named: RawFileName.latin1Cafe, in: folder)
        let output = folder.appendingPathComponent("out")
        let result = try CommandRunner.run(
            try EndToEndTools.sepia(), ["process", folder.path, "-o", output.path, "--format", "png"],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 0, result.output + result.errorOutput)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        XCTAssertEqual(written, ["caf\u{FFFD}.png", "dunes.png", "harbour.png"])

        let single = folder.appendingPathComponent("single")
        let script = #"exec "$0" process "$(printf '%s/caf\351.jpg' "$1")" -o "$2" --format png"#
        let named = try CommandRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, try EndToEndTools.sepia().path, folder.path, single.path],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(named.status, 0, named.output + named.errorOutput)
        let one = try FileManager.default.contentsOfDirectory(atPath: single.path)
        XCTAssertEqual(one, ["caf\u{FFFD}.png"], "named after its file name, not its whole path")
        let png = try Data(contentsOf: single.appendingPathComponent(try XCTUnwrap(one.first)))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    /// An output folder whose name is not UTF-8 is refused with a clear message, before
    /// anything is made: its text (U+FFFD for the byte) would name another folder.
    func testAnOutputFolderWhoseNameIsNotUTF8IsRefusedClearly() throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let script = #"exec "$0" process "$1" -o "$(printf '%s/out\351' "$1")" --format png"#
        let result = try CommandRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, try EndToEndTools.sepia().path, folder.path],
            environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(result.status, 1, result.output + result.errorOutput)
        XCTAssertEqual(
            result.errorOutput,
            "sepia: the output folder \(folder.path)/out\u{FFFD}'s name is not UTF-8; Sepia cannot write there yet: choose another folder\n"
        )
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), before, "no folder was made")
    }
}
