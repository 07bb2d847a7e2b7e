import Foundation
import SepiaImaging
import SepiaTestSupport
import XCTest

/// An animated GIF (made by gifsicle: red then blue, 200 ms each, looping) opened large in the
/// real `sepia-gtk` under Xvfb: the page says it plays, and screenshots over time show both
/// frames, each through the sepia filter.
final class DesktopAnimationTests: XCTestCase {
    func testTheLargePagePlaysBothFramesOfAnAnimatedGIFSepiaToned() throws {
        let folder = try makeTemporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AnimatedGIF.make(colors: ["rgb(255,0,0)", "rgb(0,0,255)"], size: "200x150").write(to: folder.appendingPathComponent("anim.gif"))

        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), [folder.path, "--intensity", "1"])
        defer { app.stop() }
        try app.movePointer(x: 990, y: 790)
        try app.waitForAccessibleNodes("the row is done", timeout: 60) { nodes in
            nodes.contains { $0.name.hasSuffix("anim.gif: ✓ sepia 1.0") }
        }
        try app.press("Home", "Return")
        try app.waitForAccessibleNodes("the large photo plays") { nodes in
            nodes.contains { $0.name == "anim.gif: ✓ sepia 1.0, 200 × 150 pixels, playing" }
        }

        // The filter's own colours for the two frames.
        let sepia = ColorMatrix.sepia(intensity: 1)
        let expected = [(255, 0, 0), (0, 0, 255)].map { red, green, blue in
            RGBAImage(width: 1, height: 1, red: UInt8(red), green: UInt8(green), blue: UInt8(blue)).applying(sepia).pixel(x: 0, y: 0)
        }
        var seen = Set<Int>()
        var shots: [Int: RGBImage] = [:]
        // The photo fills the page (its colour is most of the window): its centre is the window's.
        try app.waitForScreenshot("both frames show", timeout: 10) { shot in
            let centre = shot.pixel(x: shot.width / 2, y: shot.height / 2)
            for (index, colour) in expected.enumerated()
            where abs(Int(centre.red) - Int(colour.red)) <= 3 && abs(Int(centre.green) - Int(colour.green)) <= 3
                && abs(Int(centre.blue) - Int(colour.blue)) <= 3
            {
                if seen.insert(index).inserted { shots[index] = shot }
            }
            return seen.count == 2
        }
        for (index, shot) in shots { try app.save(shot, as: "animation-frame-\(index)") }
        XCTAssertEqual(seen, [0, 1])

        try app.press("Escape")
        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }
}
