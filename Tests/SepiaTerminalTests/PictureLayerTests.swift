import SepiaTerminal
import XCTest

/// Pixel pictures through `FrameRenderer`: sent once, moved, painted again when drawn over,
/// and taken away when they leave.
final class PictureLayerTests: XCTestCase {
    private let size = TerminalSize(columns: 8, rows: 6)
    private let kittyImage = PixelPicture(id: 7, columns: 2, lines: 2, drawing: .kitty(transmission: Array("<SEND 7>".utf8)))
    private let sixel = PixelPicture(id: 9, columns: 2, lines: 2, drawing: .painted(sequence: Array("<SIXEL 9>".utf8)))

    private func renderer() -> FrameRenderer {
        var renderer = FrameRenderer(colorMode: .trueColor, synchronizedOutput: false)
        _ = renderer.render(ScreenBuffer(size: size))
        return renderer
    }

    private func text(_ output: [UInt8]) -> String { String(decoding: output, as: UTF8.self) }

    func testAKittyImageIsSentOncePlacedAtItsCellAndLeftAloneWhileItStays() {
        var renderer = renderer()
        let frame = ScreenBuffer(size: size)
        let first = text(renderer.render(frame, pictures: [PlacedPicture(kittyImage, row: 1, column: 3)]))
        XCTAssertEqual(first, "<SEND 7>\u{1B}[2;4H\u{1B}_Ga=p,i=7,p=1,C=1,q=2\u{1B}\\\u{1B}[0m")
        XCTAssertEqual(renderer.render(frame, pictures: [PlacedPicture(kittyImage, row: 1, column: 3)]), [])
    }

    func testAMovedKittyImageIsOnlyPlacedAgainAndALeavingOneIsFreed() {
        var renderer = renderer()
        let frame = ScreenBuffer(size: size)
        _ = renderer.render(frame, pictures: [PlacedPicture(kittyImage, row: 1, column: 3)])
        let moved = text(renderer.render(frame, pictures: [PlacedPicture(kittyImage, row: 3, column: 3)]))
        XCTAssertEqual(moved, "\u{1B}[4;4H\u{1B}_Ga=p,i=7,p=1,C=1,q=2\u{1B}\\\u{1B}[0m", "placing again replaces the placement")
        let gone = text(renderer.render(frame, pictures: []))
        XCTAssertEqual(gone, "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\\u{1B}[0m")
        let back = text(renderer.render(frame, pictures: [PlacedPicture(kittyImage, row: 0, column: 0)]))
        XCTAssertTrue(back.hasPrefix("<SEND 7>"), "a freed image is sent again when it comes back: \(back)")
    }

    func testAPaintedPictureIsPaintedOnceAndItsCellsAreErasedWhenItMoves() {
        var renderer = renderer()
        let frame = ScreenBuffer(size: size)
        XCTAssertEqual(
            text(renderer.render(frame, pictures: [PlacedPicture(sixel, row: 1, column: 3)])), "\u{1B}[2;4H<SIXEL 9>\u{1B}[0m")
        XCTAssertEqual(renderer.render(frame, pictures: [PlacedPicture(sixel, row: 1, column: 3)]), [])
        let moved = text(renderer.render(frame, pictures: [PlacedPicture(sixel, row: 3, column: 3)]))
        XCTAssertEqual(moved, "\u{1B}[2;4H  \u{1B}[3;4H  \u{1B}[4;4H<SIXEL 9>\u{1B}[0m", "old cells blanked, then painted below")
        let gone = text(renderer.render(frame, pictures: []))
        XCTAssertEqual(gone, "\u{1B}[4;4H  \u{1B}[5;4H  \u{1B}[0m")
    }

    /// Text over a picture's cells (an overlay) hides it; when the text goes, the cells are
    /// blank again and the picture comes back.
    func testTextOverAPictureHidesItAndItReturnsWhenTheCellsAreBlank() {
        var renderer = renderer()
        let blank = ScreenBuffer(size: size)
        let placed = [PlacedPicture(sixel, row: 1, column: 3)]
        _ = renderer.render(blank, pictures: placed)
        var overlay = blank
        overlay.write("help", row: 2, column: 2)
        let covered = text(renderer.render(overlay, pictures: placed))
        XCTAssertFalse(covered.contains("<SIXEL"), covered)
        XCTAssertTrue(covered.contains("help"))
        let uncovered = text(renderer.render(blank, pictures: placed))
        XCTAssertTrue(uncovered.hasSuffix("<SIXEL 9>\u{1B}[0m"), uncovered)
        let offScreen = text(renderer.render(blank, pictures: [PlacedPicture(sixel, row: 5, column: 3)]))
        XCTAssertFalse(offScreen.contains("<SIXEL"), "a picture that does not fit the screen is not drawn: \(offScreen)")
    }

    /// A painted picture whose cells were redrawn under it (another picture left them) is
    /// painted again.
    func testAPaintedPictureIsPaintedAgainWhenACellUnderItIsRedrawn() {
        var renderer = renderer()
        let blank = ScreenBuffer(size: size)
        let other = PixelPicture(id: 10, columns: 3, lines: 1, drawing: .painted(sequence: Array("<SIXEL 10>".utf8)))
        _ = renderer.render(blank, pictures: [PlacedPicture(other, row: 1, column: 2), PlacedPicture(sixel, row: 1, column: 3)])
        let output = text(renderer.render(blank, pictures: [PlacedPicture(sixel, row: 1, column: 3)]))
        XCTAssertTrue(output.hasSuffix("\u{1B}[2;4H<SIXEL 9>\u{1B}[0m"), output)
    }

    func testARepaintFreesAndSendsEveryKittyImageAgain() {
        var renderer = renderer()
        let blank = ScreenBuffer(size: size)
        let placed = [PlacedPicture(kittyImage, row: 1, column: 3)]
        _ = renderer.render(blank, pictures: placed)
        renderer.invalidate()
        let repaint = text(renderer.render(blank, pictures: placed))
        XCTAssertEqual(
            repaint, "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\\u{1B}[0m\u{1B}[2J<SEND 7>\u{1B}[2;4H\u{1B}_Ga=p,i=7,p=1,C=1,q=2\u{1B}\\\u{1B}[0m")
    }

    func testRemovingPicturesFreesKittyImagesAndRepaintsNext() {
        var renderer = renderer()
        let blank = ScreenBuffer(size: size)
        _ = renderer.render(blank, pictures: [PlacedPicture(kittyImage, row: 1, column: 3), PlacedPicture(sixel, row: 3, column: 0)])
        XCTAssertEqual(text(renderer.removePictures()), "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
        XCTAssertEqual(renderer.removePictures(), [], "nothing left to free")
        XCTAssertTrue(text(renderer.render(blank)).contains("\u{1B}[2J"), "the next frame repaints")
    }
}
