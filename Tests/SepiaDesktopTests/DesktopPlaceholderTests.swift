import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaTestSupport
import XCTest

@testable import SepiaDesktop

/// A row whose manifest entry carries a placeholder shows it in the window while its photo is
/// on the way: the demo server's JSON manifest, whose slow entry answers only after ten
/// minutes, browsed by the real `sepia-gtk` under Xvfb. The row's thumbnail is the entry's
/// ThumbHash drawn and scaled to the thumbnail's box, read from a screenshot.
final class DesktopPlaceholderTests: XCTestCase {
    func testTheSlowRowShowsItsThumbHashWhileItDownloads() throws {
        let photoSize = PixelSize(width: 160, height: 120)
        let server = try DesktopTools.blocking {
            try await DemoPhotoServer.start(DemoServerConfiguration(photoCount: 1, photoSize: photoSize, slowDelay: .seconds(600)))
        }
        defer { DesktopTools.stop(server) }
        let catalog = server.catalog
        let slowIndex = try XCTUnwrap(catalog.entries.firstIndex { $0.kind == .slow })
        let slowName = catalog.entries[slowIndex].name
        let placeholders = catalog.placeholders(photoSize: photoSize)
        let thumbHash = try XCTUnwrap(placeholders[slowIndex]?.thumbHash)
        let expected = DesktopTools.rgb(
            try PhotoPlaceholder(thumbHashBase64: thumbHash).image().resized(toFit: PhotoRowWidgets.thumbnailSize, allowUpscaling: true)
        )

        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), [server.jsonURL.absoluteString, "--timeout", "600", "--intensity", "1"])
        defer { app.stop() }
        try app.waitForAccessibleNodes("the slow row downloads", timeout: 60) { nodes in
            nodes.contains { $0.name.hasPrefix("\(slowName): Downloading…") }
        }
        // The placeholder is the unfiltered scene, blurred: the one picture on screen that is
        // not sepia (the good photo's row becomes sepia; broken rows show no picture).
        func placeholderBox(_ shot: RGBImage) -> RGBImage? {
            shot.photoBoxes(border: 6, minimumSide: 60, skippedLines: 56).lazy
                .map { shot.cropped(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
                .first { !DesktopTools.isSepiaToned($0) }
        }
        let shot = try app.waitForScreenshot("the slow row's placeholder", timeout: 60) { placeholderBox($0) != nil }
        try app.save(shot, as: "placeholder")
        let shown = try XCTUnwrap(placeholderBox(shot))
        XCTAssertEqual(Double(shown.width), Double(expected.width), accuracy: 4)
        XCTAssertEqual(Double(shown.height), Double(expected.height), accuracy: 4)
        let compared = shown.cropped(x: 0, y: 0, width: min(shown.width, expected.width), height: min(shown.height, expected.height))
        let reference = expected.cropped(x: 0, y: 0, width: compared.width, height: compared.height)
        XCTAssertLessThan(compared.meanAbsoluteDifference(to: reference), 12, "the row shows the entry's ThumbHash")
        // Still downloading: what the row shows is the placeholder, not the photo.
        let nodes = try app.accessibleNodes()
        XCTAssertTrue(nodes.contains { $0.name.hasPrefix("\(slowName): Downloading…") }, "\(nodes)")

        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }
}
