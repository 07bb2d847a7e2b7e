import Foundation
import SepiaImaging
import SepiaTerminal
import XCTest

/// The probe's parser and choice on what real terminals answered (Debian 12's xterm 379 as a
/// VT340 and kitty 0.26.5 under Xvfb, recorded in `Fixtures/probe-answers`): the choices the
/// end-to-end tests see on screen follow from these bytes.
final class RecordedProbeAnswersTests: XCTestCase {
    private func capabilities(recording name: String, systemWindowPixels: PixelSize?) throws -> TerminalCapabilities {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/probe-answers")
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        var parser = TerminalAnswerParser()
        let answers = parser.consume(bytes)
        XCTAssertEqual(parser.otherInput, [], "nothing in the recording is taken for keys")
        let probe = TerminalProbe(environment: [:], grid: TerminalSize(columns: 80, rows: 24), systemWindowPixels: systemWindowPixels)
        return probe.capabilities(from: answers)
    }

    /// xterm answers XTVERSION, both XTSMGRAPHICS queries and DA1 with 4, but not `CSI 16 t`
    /// (window operations are off by default): the cell size comes from `TIOCGWINSZ`, whose
    /// pixels include the 2-pixel border (644×412 for 80×24 cells of 8×17).
    func testXtermAsAVT340GetsSixelWithItsRegistersAndCellSize() throws {
        let found = try capabilities(recording: "xterm-379-vt340.bin", systemWindowPixels: PixelSize(width: 644, height: 412))
        XCTAssertTrue(found.sixel)
        XCTAssertFalse(found.kittyGraphics)
        XCTAssertEqual(found.sixelColorRegisters, 256)
        XCTAssertEqual(found.terminal?.name, "XTerm")
        XCTAssertEqual(found.cellPixels, PixelSize(width: 8, height: 17))
        let choice = GraphicsChoice.choose(asked: .auto, capabilities: found)
        XCTAssertEqual(choice.mode, .sixel, choice.reason)
        XCTAssertTrue(choice.reason.contains("XTerm(379)"), choice.reason)
    }

    /// With window operations allowed, xterm also reports its cell: 8×17.
    func testXtermWithWindowOperationsReportsItsCell() throws {
        let found = try capabilities(recording: "xterm-379-vt340-windowops.bin", systemWindowPixels: nil)
        XCTAssertEqual(found.cellPixels, PixelSize(width: 8, height: 17))
        XCTAssertEqual(found.cellPixelsSource, .cellSizeReport)
        XCTAssertEqual(found.windowPixels, PixelSize(width: 640, height: 408))
    }

    /// kitty 0.26.5 answers the plain kitty query but not the one with `U=1`: direct placement,
    /// at the 8×17 cell it reports.
    func testKitty026GetsDirectPlacement() throws {
        let found = try capabilities(recording: "kitty-0.26.5.bin", systemWindowPixels: nil)
        XCTAssertTrue(found.kittyGraphics)
        XCTAssertFalse(found.kittyPlaceholders)
        XCTAssertFalse(found.sixel)
        XCTAssertEqual(found.cellPixels, PixelSize(width: 8, height: 17))
        XCTAssertEqual(MosaicSymbols.best(for: found.terminal), .sextants)
        let choice = GraphicsChoice.choose(asked: .auto, capabilities: found)
        XCTAssertEqual(choice.mode, .kitty, choice.reason)
    }
}
