import Foundation
import SepiaDemoContent
import SepiaImaging
import SepiaTestSupport
import XCTest

/// The built `sepia-gtk` on a virtual X server (Xvfb, cairo rendering), looked at through
/// screenshots and its accessibility tree (AT-SPI, on a D-Bus session of its own), and quit
/// the ways a user quits it. Set SEPIA_SCREENSHOTS to a folder to keep the screenshots.
final class DesktopWindowTests: XCTestCase {
    /// The checks the screenshots rely on tell the generated photos from their sepia and grey versions.
    func testTheSepiaCheckTellsSepiaFromColour() {
        let photo = PhotoGenerator(seed: 3).render(width: 128, height: 96)
        XCTAssertFalse(DesktopTools.isSepiaToned(DesktopTools.rgb(photo)), "the generated photo is in colour")
        XCTAssertTrue(DesktopTools.isSepiaToned(DesktopTools.rgb(photo.applying(.fullSepia))))
        XCTAssertFalse(DesktopTools.isSepiaToned(DesktopTools.rgb(photo.applying(.grayscale))), "grey is not sepia")
        XCTAssertTrue(DesktopTools.isGrey(DesktopTools.rgb(photo.applying(.grayscale))))
        XCTAssertFalse(DesktopTools.isGrey(DesktopTools.rgb(photo.applying(.fullSepia))), "sepia is not grey")
        XCTAssertFalse(DesktopTools.isGrey(DesktopTools.rgb(photo)), "the generated photo is in colour")
        XCTAssertFalse(DesktopTools.isGrey(RGBImage(width: 128, height: 96, filledWith: (128, 128, 128))), "a flat grey is no photo")
    }

    /// A folder's photos show as sepia thumbnails in their rows, the truncated photo's row says
    /// why it failed (its accessible label too) and offers no Retry, and closing the window
    /// ends the app with 0.
    func testAFolderShowsSepiaThumbnailsAndAFailedRowsReason() throws {
        let folder = try DesktopTools.photoFolder(count: 12)
        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), [folder.path, "--intensity", "1"])
        defer { app.stop() }

        // The screen's rows: cut.jpg first (natural order), then the photos. Every thumbnail
        // on screen is a sepia photo of the thumbnail's size. (The window's frame, title bar and
        // status line, which span the width, are left out of the search. A sepia photo with a
        // large flat sky has too few colours for `photoBoxes`: three of the four are enough.)
        let shot = try app.waitForScreenshot("three sepia thumbnails", timeout: 60) { shot in
            let boxes = shot.photoBoxes(border: 6, minimumSide: 60, skippedLines: 56)
            return boxes.count >= 3
                && boxes.allSatisfy { DesktopTools.isSepiaToned(shot.cropped(x: $0.x, y: $0.y, width: $0.width, height: $0.height)) }
        }
        try app.save(shot, as: "folder")
        let boxes = shot.photoBoxes(border: 6, minimumSide: 60, skippedLines: 56)
        for box in boxes {
            XCTAssertEqual(Double(box.width), 128, accuracy: 4, "\(box)")
            XCTAssertEqual(Double(box.height), 96, accuracy: 4, "\(box)")
        }
        // One column of thumbnails, one a row.
        XCTAssertEqual(Set(boxes.map(\.x)).count, 1, "\(boxes)")

        let nodes = try app.waitForAccessibleNodes("the rows' labels say what they show") { nodes in
            let names = nodes.map(\.name)
            return names.contains { $0.hasPrefix("cut.jpg: Failed to load: ") } && names.contains("photo-01.jpg: ✓ sepia 1.0")
        }
        let names = nodes.map(\.name)
        let failure = try XCTUnwrap(names.first { $0.hasPrefix("cut.jpg: Failed to load: ") })
        XCTAssertTrue(failure.contains("truncated"), failure)
        // The reason is shown as text in the row, not only told to screen readers.
        XCTAssertTrue(nodes.contains { $0.role == "label" && $0.name == String(failure.dropFirst("cut.jpg: ".count)) }, "\(nodes)")
        // No Retry: the truncated file's bytes would fail the same way again.
        XCTAssertFalse(nodes.contains { $0.role == "push button" && $0.name == "Retry" }, "\(nodes)")
        XCTAssertTrue(nodes.contains { $0.role == "frame" && $0.name == "Sepia — \(folder.path)" }, "the title names the source")

        try app.pressButton("Close")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }

    /// The embedded demo server: the title counts its photos and broken entries, a broken row
    /// says why it fails, photos arrive; SIGTERM stops the server and the app, which exits 0.
    func testTheDemoBrowsesTheEmbeddedServerAndEndsOnSIGTERM() throws {
        // No prefetching: once the screen's rows are done, no download is in flight.
        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), ["--demo", "--count", "12", "--intensity", "1", "--prefetch", "0"])
        defer { app.stop() }
        let nodes = try app.waitForAccessibleNodes("the demo's rows are listed", timeout: 60) { nodes in
            nodes.contains { $0.name.hasPrefix("Broken: no URL: Failed to load: ") }
        }
        XCTAssertTrue(nodes.contains { $0.role == "frame" && $0.name == "Sepia demo — 12 photos, 6 broken on purpose" }, "\(nodes)")
        // The server renders each 1024×768 photo on its first request: slow in a debug build.
        let shot = try app.waitForScreenshot("a sepia thumbnail", timeout: 120) { shot in
            shot.photoBoxes(border: 6, minimumSide: 60, skippedLines: 56).contains {
                DesktopTools.isSepiaToned(shot.cropped(x: $0.x, y: $0.y, width: $0.width, height: $0.height))
            }
        }
        try app.save(shot, as: "demo")
        // SIGTERM once the screen's rows are done: the server stops at once when it renders no
        // photo (it finishes one it is rendering first, which takes seconds in a debug build,
        // longer than BackgroundProcess waits before SIGKILL).
        try app.waitForAccessibleNodes("the screen's rows are done") { nodes in
            !nodes.contains { $0.name.contains("Downloading…") || $0.name.contains("Filtering…") }
        }
        app.send(SIGTERM)
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }

    /// A data source that cannot be read is an alert over the window ("Oops!"), not a crash;
    /// Ctrl+Q quits with 0.
    func testAnUnreadableSourceIsAnAlertAndCtrlQQuits() throws {
        let missing = try makeTemporaryCacheDirectory().appendingPathComponent("missing.plist")
        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), [missing.path])
        defer { app.stop() }
        let nodes = try app.waitForAccessibleNodes("the alert shows") { nodes in
            nodes.contains { $0.name == "Oops!" }
        }
        XCTAssertTrue(
            nodes.contains { $0.name.hasPrefix("There was an error fetching the photo list:") && $0.name.contains("missing.plist") },
            "\(nodes)")
        try app.save(try app.screenshot(wholeScreen: true), as: "alert")
        try app.pressButton("OK")
        try app.waitForAccessibleNodes("the alert is gone") { nodes in !nodes.contains { $0.name == "Oops!" } }
        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }

    /// Started with no source, as from the desktop's app menu, the app browses the user's
    /// pictures folder (here `~/Pictures` of a home of the test's own, with no XDG user dirs).
    func testNoSourceBrowsesThePicturesFolder() throws {
        let home = try makeTemporaryCacheDirectory()
        let pictures = home.appendingPathComponent("Pictures")
        try FileManager.default.moveItem(at: try DesktopTools.photoFolder(count: 3), to: pictures)
        let app = try XvfbDesktopApp(
            try DesktopTools.sepiaGtk(), [],
            environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path])
        defer { app.stop() }
        let nodes = try app.waitForAccessibleNodes("the pictures folder's photos load", timeout: 60) { nodes in
            nodes.contains { $0.name == "photo-03.jpg: ✓ sepia 0.8" }
        }
        XCTAssertTrue(nodes.contains { $0.role == "frame" && $0.name == "Sepia — \(pictures.path)" }, "\(nodes)")
        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }
}
