import Foundation
import SepiaTestSupport
import XCTest

/// `sepia browse` in real terminals under Xvfb (kitty 0.26 with placed kitty images, xterm as
/// a VT340 with sixels), on a folder holding an animated GIF made by gifsicle (red then blue,
/// 200 ms each, looping): opened large, the screen's middle shows the two frames' colours in
/// turn, and nothing of the picture is left after quitting.
final class BrowseAnimationInRealTerminalsTests: XCTestCase {
    private var terminal: XvfbTerminal?

    override func tearDown() {
        terminal?.stop()
        terminal = nil
        super.tearDown()
    }

    func testKittyRedrawsTheFrames() throws {
        try checkFrames(in: .kitty)
    }

    func testXtermRedrawsTheFramesAsSixels() throws {
        try checkFrames(in: .xtermVT340)
    }

    private func checkFrames(in emulator: TerminalEmulator) throws {
        let folder = try makeTemporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AnimatedGIF.make(colors: ["rgb(255,0,0)", "rgb(0,0,255)"], size: "160x120").write(to: folder.appendingPathComponent("anim.gif"))

        let sepia = try EndToEndTools.sepia()
        let script = "'\(sepia.path)' browse '\(folder.path)'; printf 'sepia ended\\n'; exec sleep 600"
        let terminal = try XvfbTerminal(emulator, columns: 80, rows: 24, command: ["sh", "-c", script])
        self.terminal = terminal
        let middle = terminal.cellArea(column: 40, row: 13)
        let background = try terminal.screenshot().pixel(x: middle.x, y: middle.y)
        // The row's thumbnail is there once its photo is filtered.
        try terminal.waitForScreenshot("the row's picture", timeout: 60) { screen in
            let area = terminal.cellArea(column: 5, row: 2)
            return Self.distance(screen.pixel(x: area.x, y: area.y), background) > 30
        }
        try terminal.press("Return")

        // The middle cell's colour, screenshot after screenshot: two colours, neither the
        // background, in turn.
        var colours: [(red: UInt8, green: UInt8, blue: UInt8)] = []
        var shots: [RGBImage] = []
        try terminal.waitForScreenshot("the frames in turn", timeout: 30) { screen in
            let colour = screen.pixel(x: middle.x + middle.width / 2, y: middle.y + middle.height / 2)
            guard Self.distance(colour, background) > 30 else { return false }
            if colours.last.map({ Self.distance($0, colour) > 30 }) ?? true {
                colours.append(colour)
                shots.append(screen)
            }
            return colours.count >= 3
        }
        for (index, shot) in shots.enumerated() { try terminal.save(shot, as: "animation-\(index)") }
        XCTAssertGreaterThan(Self.distance(colours[0], colours[1]), 30, "\(colours)")
        XCTAssertLessThanOrEqual(Self.distance(colours[0], colours[2]), 12, "the first frame came back: \(colours)")

        try terminal.press("Escape")
        try terminal.press("q")
        let ended = try terminal.waitForScreenshot("the browser quit and left no picture", timeout: 30) { screen in
            Self.distance(screen.pixel(x: middle.x + middle.width / 2, y: middle.y + middle.height / 2), background) <= 12
        }
        try terminal.save(ended, as: "animation-after-quit")
    }

    /// The largest difference between two colours' channels.
    private static func distance(_ a: (red: UInt8, green: UInt8, blue: UInt8), _ b: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }
}
