import Foundation
import SepiaTestSupport
import XCTest

/// `sepia browse` in real terminals under Xvfb, with no `--graphics` flag: xterm as a VT340
/// must get sixel pictures and kitty 0.26 placed kitty images, each row's picture being its
/// own filtered photo at the terminal's pixels; pictures follow scrolling, and none is left
/// after quitting.
///
/// The photos are ImageMagick plasma fractals (colourful, each seed its own); what the rows
/// should show comes from `sepia process` on the same files, scaled by ImageMagick to the
/// thumbnail's size: 88×66 pixels, the 4:3 photo fitted into 11×4 cells of 8×17.
final class BrowserPicturesInRealTerminalsTests: XCTestCase {
    /// How many photos the folder holds: more than the five rows an 80×24 screen shows.
    private static let photoCount = 8
    /// The thumbnail's size on screen, in pixels.
    private static let thumbnail = (width: 88, height: 66)
    /// The lowest PSNR, in dB, of a row's picture against its own filtered photo; against the
    /// other photos it must be at least `margin` dB lower.
    private static let minimumPSNR = 30.0
    private static let margin = 8.0

    private var terminal: XvfbTerminal?
    private var folder: URL!
    private var expected: [RGBImage] = []
    private var started = ContinuousClock.now

    override func setUpWithError() throws {
        started = .now
        folder = try makeTemporaryCacheDirectory()
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for index in 1...Self.photoCount {
            try DebianTool.run(
                "convert", ["-seed", "\(index)", "-size", "320x240", "plasma:", "photos/photo-\(index).png"], in: folder,
                package: "imagemagick")
        }
        let sepia = try EndToEndTools.sepia()
        let filtered = folder.appendingPathComponent("filtered")
        let result = try CommandRunner.run(sepia, ["process", photos.path, "-o", filtered.path], environment: [:])
        XCTAssertEqual(result.status, 0, result.errorOutput)
        expected = try (1...Self.photoCount).map { index in
            try RGBImage.load(
                filtered.appendingPathComponent("photo-\(index).jpg"), resizedTo: (Self.thumbnail.width, Self.thumbnail.height))
        }
    }

    override func tearDown() {
        terminal?.stop()
        terminal = nil
        print("\(name) took \(ContinuousClock.now - started)")
        super.tearDown()
    }

    func testXtermAsAVT340ShowsSixelPictures() throws {
        try checkPictures(in: .xtermVT340)
    }

    func testKittyShowsPlacedImages() throws {
        try checkPictures(in: .kitty)
    }

    /// `sepia demo`, as the issue asks: real photos in every row of the first screen, with no
    /// graphics flag, in both terminals. The demo server renders each photo on first request
    /// (1.5 s for 1024×768 in a debug build; on a machine loaded by other work the five rows
    /// once took over 120 s): `--photo-size 512x384` renders a quarter of the pixels, still more
    /// than a thumbnail shows, and `--prefetch 0` keeps rows beyond the screen from queueing
    /// ahead of the screen's own.
    func testTheDemoShowsPhotosInEveryRowInBothTerminals() throws {
        let sepia = try EndToEndTools.sepia()
        for emulator in TerminalEmulator.allCases {
            let terminal = try XvfbTerminal(
                emulator, columns: 80, rows: 24, command: [sepia.path, "demo", "--prefetch", "0", "--photo-size", "512x384"])
            self.terminal = terminal
            let screen = try terminal.waitForScreenshot("a photo in each of the demo's five rows", timeout: 120) { screen in
                (0..<5).allSatisfy { self.pictureArea(row: $0, on: screen, in: terminal).looksLikePhoto }
            }
            try terminal.save(screen, as: "demo")
            terminal.stop()
            self.terminal = nil
        }
    }

    /// Browses the folder in `emulator`: the first screen shows photos 1–5, `G` scrolls to
    /// photos 4–8, and after `q` no picture is left.
    private func checkPictures(in emulator: TerminalEmulator) throws {
        let sepia = try EndToEndTools.sepia()
        let photos = folder.appendingPathComponent("photos").path
        let script = "'\(sepia.path)' browse '\(photos)'; printf 'sepia ended\\n'; exec sleep 600"
        let terminal = try XvfbTerminal(emulator, columns: 80, rows: 24, command: ["sh", "-c", script])
        self.terminal = terminal

        let first = try terminal.waitForScreenshot("photos 1 to 5 in rows 1 to 5", timeout: 90) { screen in
            (0..<5).allSatisfy { self.rowShows(photo: $0, row: $0, on: screen, in: terminal) }
        }
        try terminal.save(first, as: "browse-first-screen")
        for row in 0..<5 { assertRowShows(photo: row, row: row, on: first, in: terminal) }

        try terminal.press("G")
        let scrolled = try terminal.waitForScreenshot("photos 4 to 8 after G", timeout: 60) { screen in
            (0..<5).allSatisfy { self.rowShows(photo: $0 + 3, row: $0, on: screen, in: terminal) }
        }
        try terminal.save(scrolled, as: "browse-scrolled")
        for row in 0..<5 { assertRowShows(photo: row + 3, row: row, on: scrolled, in: terminal) }

        try terminal.press("q")
        let ended = try terminal.waitForScreenshot("the browser quit and left no picture", timeout: 30) { screen in
            (0..<5).allSatisfy { self.pictureArea(row: $0, on: screen, in: terminal).isBlank() }
        }
        try terminal.save(ended, as: "browse-after-quit")
        XCTAssertFalse(
            terminal.cells(ended, column: 0, row: 0, columns: 80, rows: 24).looksLikePhoto, "no picture anywhere after quitting")
    }

    /// The pixels of the thumbnail of screen row `row` (0 is the first row under the title).
    private func pictureArea(row: Int, on screen: RGBImage, in terminal: XvfbTerminal) -> RGBImage {
        let area = terminal.cellArea(column: 2, row: 1 + 4 * row)
        return screen.cropped(x: area.x, y: area.y, width: Self.thumbnail.width, height: Self.thumbnail.height)
    }

    /// Whether screen row `row` shows photo `photo` (0-based), closer to it than to any other.
    private func rowShows(photo: Int, row: Int, on screen: RGBImage, in terminal: XvfbTerminal) -> Bool {
        let shown = pictureArea(row: row, on: screen, in: terminal)
        let own = shown.peakSignalToNoiseRatio(to: expected[photo])
        let others = expected.indices.filter { $0 != photo }.map { shown.peakSignalToNoiseRatio(to: expected[$0]) }
        return own >= Self.minimumPSNR && own >= (others.max() ?? 0) + Self.margin
    }

    private func assertRowShows(photo: Int, row: Int, on screen: RGBImage, in terminal: XvfbTerminal, line: UInt = #line) {
        let shown = pictureArea(row: row, on: screen, in: terminal)
        let own = shown.peakSignalToNoiseRatio(to: expected[photo])
        let others = expected.indices.filter { $0 != photo }.map { shown.peakSignalToNoiseRatio(to: expected[$0]) }
        print(
            "\(terminal.emulator.rawValue) row \(row): photo \(photo + 1) at \(String(format: "%.1f", own)) dB, "
                + "the closest other \(String(format: "%.1f", others.max() ?? 0)) dB")
        XCTAssertGreaterThanOrEqual(own, Self.minimumPSNR, "row \(row) shows photo \(photo + 1)", line: line)
        XCTAssertTrue(shown.looksLikePhoto, "row \(row) holds a picture, not text or a flat colour", line: line)
    }
}
