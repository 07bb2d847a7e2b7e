import Foundation
import SepiaTestSupport
import XCTest

/// The real-terminal harness (``XvfbTerminal``) shown to see real pictures: a photo drawn by
/// Debian's own tools, libsixel's `img2sixel` in xterm as a VT340 and kitty's `icat` in kitty
/// 0.26, must be in the screenshot where it was drawn, pixel for pixel within the noise of
/// the protocol, and nowhere else.
///
/// The photo is ImageMagick's built-in `rose:` scaled to 160×102 pixels: 20×6 cells of 8×17.
final class RealTerminalPictureTests: XCTestCase {
    /// The column and row (from 0) of the cell the photo is drawn at.
    private static let photoCell = (column: 5, row: 2)
    /// The photo's size in pixels.
    private static let photoSize = (width: 160, height: 102)

    private var terminal: XvfbTerminal?
    private var folder: URL!
    private var started = ContinuousClock.now

    override func setUpWithError() throws {
        started = .now
        folder = try makeTemporaryCacheDirectory()
        try DebianTool.run(
            "convert", ["rose:", "-resize", "\(Self.photoSize.width)x\(Self.photoSize.height)!", "photo.png"], in: folder,
            package: "imagemagick")
        try DebianTool.run("convert", ["photo.png", "-flop", "mirrored.png"], in: folder, package: "imagemagick")
    }

    override func tearDown() {
        terminal?.stop()
        terminal = nil
        print("\(name) took \(ContinuousClock.now - started)")
        super.tearDown()
    }

    /// The sixel `img2sixel` makes of the photo (256 colours, dithered) is shown by xterm as
    /// the photo at the cursor's cell.
    func testImg2SixelShowsThePhotoInXtermAsAVT340() throws {
        let photo = folder.appendingPathComponent("photo.png").path
        let moveThere = "\\033[?25l\\033[2J\\033[\(Self.photoCell.row + 1);\(Self.photoCell.column + 1)H"
        try checkPhotoIsShown(
            in: .xtermVT340, drawnBy: "printf '\(moveThere)'; img2sixel \(photo); exec sleep 600", minimumPSNR: 24)
    }

    /// `kitty +kitten icat --place` shows the photo in kitty 0.26 at the box's top left cell, at
    /// its own size.
    func testIcatShowsThePhotoInKitty() throws {
        let photo = folder.appendingPathComponent("photo.png").path
        let place = "30x10@\(Self.photoCell.column)x\(Self.photoCell.row)"
        try checkPhotoIsShown(
            in: .kitty, drawnBy: "printf '\\033[?25l'; kitty +kitten icat --align left --place \(place) \(photo); exec sleep 600",
            minimumPSNR: 35)
    }

    /// Starts `emulator` running `script` in sh, waits for the photo's cells to hold it, and
    /// checks them against the photo (at least `minimumPSNR` dB) and against the mirrored
    /// photo (far less), and that the cells beside them are blank.
    private func checkPhotoIsShown(in emulator: TerminalEmulator, drawnBy script: String, minimumPSNR: Double) throws {
        let expected = try RGBImage.load(folder.appendingPathComponent("photo.png"))
        let mirrored = try RGBImage.load(folder.appendingPathComponent("mirrored.png"))
        let terminal = try XvfbTerminal(emulator, columns: 80, rows: 24, command: ["sh", "-c", script])
        self.terminal = terminal
        XCTAssertEqual(terminal.cellWidth, 8, "DejaVu Sans Mono 10's cell width")
        XCTAssertEqual(terminal.cellHeight, 17, "DejaVu Sans Mono 10's cell height")
        let area = terminal.cellArea(column: Self.photoCell.column, row: Self.photoCell.row)
        func photoPixels(_ screen: RGBImage) -> RGBImage {
            screen.cropped(x: area.x, y: area.y, width: Self.photoSize.width, height: Self.photoSize.height)
        }
        let screen = try terminal.waitForScreenshot("the photo is on the screen") {
            photoPixels($0).peakSignalToNoiseRatio(to: expected) >= minimumPSNR
        }
        try terminal.save(screen, as: "photo")
        let shown = photoPixels(screen)
        let psnr = shown.peakSignalToNoiseRatio(to: expected)
        print(
            "\(emulator.rawValue): PSNR \(String(format: "%.1f", psnr)) dB, mean difference "
                + "\(String(format: "%.2f", shown.meanAbsoluteDifference(to: expected))), mirrored photo "
                + "\(String(format: "%.1f", shown.peakSignalToNoiseRatio(to: mirrored))) dB")
        XCTAssertGreaterThanOrEqual(psnr, minimumPSNR)
        XCTAssertLessThan(shown.peakSignalToNoiseRatio(to: mirrored), 18, "the cells hold the photo, not any colourful picture")
        XCTAssertTrue(shown.looksLikePhoto, "\(shown.distinctColourCount()) colours, dominant \(shown.dominantColourShare)")
        let beside = terminal.cells(screen, column: Self.photoCell.column + 25, row: Self.photoCell.row, columns: 20, rows: 6)
        XCTAssertTrue(beside.isBlank(), "the cells to the right of the photo are blank")
        XCTAssertFalse(beside.looksLikePhoto)
    }
}
