import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaTestSupport
import XCTest

/// The window's photo page, keys window and Retry buttons, in one run of the real `sepia-gtk`
/// under Xvfb, driven by keys (xdotool) and read through AT-SPI and screenshots: a loopback
/// server whose photo always answers 503, then a folder of photos with a truncated one.
final class DesktopLargePhotoTests: XCTestCase {
    func testEnterOpensAPhotoLargeEscGoesBackF1ListsTheKeysAndOnlyMendableFailuresOfferRetry() throws {
        let server = try DesktopTools.blocking {
            try await DemoPhotoServer.start(
                DemoServerConfiguration(
                    photoCount: 1, photoSize: PixelSize(width: 64, height: 48), includesBrokenEntries: false, failureRate: 1,
                    retryAfterSeconds: nil))
        }
        defer { DesktopTools.stop(server) }
        let unavailable = try XCTUnwrap(server.catalog.photos.first?.name)
        let folder = try DesktopTools.photoFolder(count: 12)
        // Rows: the server's photo, cut.jpg, photo-01.jpg … photo-12.jpg (the last ones below
        // the first screen).
        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), [server.jsonURL.absoluteString, folder.path, "--intensity", "1"])
        defer { app.stop() }
        // The pointer off the window (1000×800 screen, 900×720 window): a row it was over
        // would show a hover once the list is back.
        try app.movePointer(x: 990, y: 790)

        // Retry only where it can help: the server's 503 may pass, the truncated file's bytes
        // will not.
        let firstScreen = try app.waitForAccessibleNodes("the first screen's rows are done", timeout: 60) { nodes in
            let names = nodes.map(\.name)
            return names.contains("\(unavailable): Failed to load: HTTP 503 Service Unavailable")
                && names.contains { $0.contains("cut.jpg: Failed to load: ") && $0.contains("truncated") }
                && names.contains { $0.hasSuffix("photo-01.jpg: ✓ sepia 1.0") }
        }
        XCTAssertEqual(firstScreen.count { $0.role == "push button" && $0.name == "Retry" }, 1, "\(firstScreen)")

        // A failed row's photo page says why, as text.
        try app.press("Home", "Return")
        let failedPage = Self.photoPage(
            try app.waitForAccessibleNodes("the photo page shows") { nodes in
                nodes.contains { $0.role == "push button" && $0.name == "Back" }
            })
        XCTAssertEqual(failedPage.first?.name, "\(unavailable): Failed to load: HTTP 503 Service Unavailable", "\(failedPage)")
        XCTAssertTrue(
            failedPage.contains { $0.role == "label" && $0.name == "Failed to load: HTTP 503 Service Unavailable" }, "\(failedPage)")
        try app.press("Escape")

        // The last row, at the bottom of the scrolled list, opens large: the filtered photo at
        // its own size (400×300, more than the list's 320×240), fitted to the window.
        try app.press("End")
        try app.waitForAccessibleNodes("the last row is done") { nodes in
            nodes.contains { $0.name.hasSuffix("photo-12.jpg: ✓ sepia 1.0") }
                && !nodes.contains { $0.name.contains("Downloading…") || $0.name.contains("Filtering…") }
        }
        let list = try app.screenshot()
        try app.save(list, as: "large-list")
        try app.press("Return")
        try app.waitForAccessibleNodes("the large photo arrives") { nodes in
            nodes.contains { $0.name.hasSuffix("photo-12.jpg: ✓ sepia 1.0, 400 × 300 pixels") }
        }
        let large = try app.waitForScreenshot("a large sepia photo") { shot in
            shot.photoBoxes(border: 6, minimumSide: 60, skippedLines: 56).contains { $0.width > 600 }
        }
        try app.save(large, as: "large-photo")
        let box = try XCTUnwrap(large.photoBoxes(border: 6, minimumSide: 60, skippedLines: 56).max { $0.width < $1.width })
        XCTAssertTrue(DesktopTools.isSepiaToned(large.cropped(x: box.x, y: box.y, width: box.width, height: box.height)), "\(box)")
        XCTAssertEqual(Double(box.width) / Double(box.height), 4.0 / 3.0, accuracy: 0.05, "\(box)")

        // Esc: the list again, scrolled and selected as it was.
        try app.press("Escape")
        try app.waitForScreenshot("the list as it was") { shot in
            shot.width == list.width && shot.height == list.height && shot.meanAbsoluteDifference(to: list) < 1
        }

        // F1: the keys window lists Ctrl+Q.
        try app.press("F1")
        // A key's labels ("Ctrl", "+", "Q") come before its title.
        try app.waitForAccessibleNodes("the keys window lists Ctrl+Q") { nodes in
            let labels = nodes.filter { $0.role == "label" }.map(\.name)
            return labels.indices.contains { labels[$0...].starts(with: ["Ctrl", "+", "Q", "Quit"]) }
        }
        try app.save(try app.screenshot(wholeScreen: true), as: "keys")
        try app.press("Escape")
        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }

    /// The photo page's accessible objects: those under the window's second stack page (the
    /// first is the list, which stays in the tree while hidden).
    private static func photoPage(_ nodes: [AccessibilityTree.Node]) -> [AccessibilityTree.Node] {
        // Other widgets hold stacks of their own (the filter's drop-down): the pages are the
        // stack page holding the photo list and the next stack page beside it.
        func subtree(_ index: Int) -> ArraySlice<AccessibilityTree.Node> {
            nodes[(index + 1)...].prefix { $0.depth > nodes[index].depth }
        }
        let pages = nodes.indices.filter { nodes[$0].name == "GtkStackPage" }
        guard let listPage = pages.first(where: { subtree($0).contains { $0.role == "list" } }),
            let photoPage = pages.first(where: { $0 > listPage && nodes[$0].depth == nodes[listPage].depth })
        else { return [] }
        return Array(subtree(photoPage))
    }
}
