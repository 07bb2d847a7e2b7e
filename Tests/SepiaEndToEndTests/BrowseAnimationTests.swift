import Foundation
import SepiaTestSupport
import XCTest

/// `sepia browse` in tmux (mosaics) on a folder holding an animated GIF made by gifsicle (red
/// then blue, 200 ms each, looping): opened large, its caption says it plays and the picture's
/// colours change from frame to frame, back and forth, never blank between frames, while keys
/// still work.
final class BrowseAnimationTests: SepiaSessionTestCase {
    func testTheLargeViewRedrawsTheFramesOfAnAnimatedGIF() throws {
        let folder = try makeTemporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AnimatedGIF.make(colors: ["rgb(255,0,0)", "rgb(0,0,255)"], size: "120x80").write(to: folder.appendingPathComponent("anim.gif"))

        try startSepia(["browse", folder.path, "--graphics", "blocks"])
        try session.waitForScreen("the row is filtered") { $0.listRows.first?.state.hasPrefix("✓") ?? false }
        try session.press("Enter")
        // Once a picture shows (before the first one is made, the view says "Scaling…").
        try session.waitForScreen("the caption says it plays, over a picture") {
            $0.contains(", playing   (Esc: back)") && !$0.contains("Scaling…")
        }

        // The screen's colours (every SGR sequence it holds), screen after screen: the text's
        // stay, the picture's come in turn with the frames.
        var colourSets: [Set<Substring>] = []
        var blankScreens = 0
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let screen = try session.captureWithColors()
            // Between frames the picture before stays: never the text shown while none is made.
            if screen.contains("Scaling…") || screen.contains("No picture yet") { blankScreens += 1 }
            let colours = Set(screen.matches(of: /\x1B\[[0-9;]*m/).map(\.output))
            if !colours.isEmpty, colours != colourSets.last { colourSets.append(colours) }
            if colourSets.count >= 3 { break }
            Thread.sleep(forTimeInterval: 0.03)
        }
        XCTAssertGreaterThanOrEqual(colourSets.count, 3, "the picture did not change frame after frame: \(colourSets)")
        XCTAssertEqual(blankScreens, 0, "the picture went blank between frames")
        if colourSets.count >= 3 {
            XCTAssertNotEqual(colourSets[0], colourSets[1])
            XCTAssertEqual(colourSets[0], colourSets[2], "the first frame came back: \(colourSets)")
        }

        // Keys still work while it plays.
        try session.press("Escape")
        try session.waitForScreen("Esc to come back to the list") { !$0.contains("(Esc: back)") && $0.rowPosition != nil }
        try session.press("q")
        try assertExits(withStatus: 0)
    }
}
