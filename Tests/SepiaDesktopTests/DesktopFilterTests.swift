import Foundation
import SepiaTestSupport
import XCTest

/// The header bar's filter and the queue inspector, in the built `sepia-gtk` under Xvfb: the
/// filter chosen from the drop-down (by keyboard) filters the rows on screen again, which turn
/// grey and name the new filter, without downloading again; Ctrl+I shows the queues' figures,
/// which follow the work and the scrolling.
final class DesktopFilterTests: XCTestCase {
    func testGrayscaleFromTheDropDownGreysTheScreenAndTheInspectorShowsTheQueues() throws {
        // 40 rows, so that the wheel has somewhere to go; no prefetching: only the screen loads.
        let folder = try DesktopTools.photoFolder(count: 40)
        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), [folder.path, "--intensity", "1", "--prefetch", "0"])
        defer { app.stop() }

        // The first screen, in sepia (as in DesktopWindowTests).
        let sepiaShot = try app.waitForScreenshot("three sepia thumbnails", timeout: 60) { shot in
            let boxes = shot.photoBoxes(border: 6, minimumSide: 60, skippedLines: 56)
            return boxes.count >= 3 && boxes.allSatisfy { DesktopTools.isSepiaToned(shot.cropped($0)) }
        }
        try app.save(sepiaShot, as: "filter-sepia")
        // A grey photo is no colour photo, which `photoBoxes` finds: the grey thumbnails are
        // looked for where the sepia ones were (nothing scrolls meanwhile).
        let boxes = sepiaShot.photoBoxes(border: 6, minimumSide: 60, skippedLines: 56)
        let sepiaNodes = try app.waitForAccessibleNodes("the screen's rows are done") { nodes in
            nodes.count { $0.name.hasSuffix(": ✓ sepia 1.0") } >= boxes.count && !nodes.contains(where: Self.isWorking)
        }
        XCTAssertTrue(sepiaNodes.contains { $0.role == "label" && $0.name.hasSuffix(" · sepia 1.0") }, "the status line names the filter")
        XCTAssertNil(Self.figures(of: "Download queue", in: sepiaNodes), "the inspector is hidden at first")

        // Ctrl+I shows the inspector: every row on screen was downloaded and filtered.
        try app.press("ctrl+i")
        let before = try app.waitForAccessibleNodes("the inspector shows the queues") { nodes in
            Self.figures(of: "Download queue", in: nodes) != nil && Self.figures(of: "Image Filtration queue", in: nodes) != nil
        }
        let downloads = try XCTUnwrap(Self.figures(of: "Download queue", in: before))
        let filtrations = try XCTUnwrap(Self.figures(of: "Image Filtration queue", in: before))
        XCTAssertGreaterThanOrEqual(downloads["completed"] ?? 0, boxes.count, "\(downloads)")
        XCTAssertGreaterThan(filtrations["completed"] ?? 0, 0, "\(filtrations)")
        for figures in [downloads, filtrations] {
            XCTAssertEqual(figures["running"], 0, "\(figures)")
            XCTAssertEqual(figures["waiting"], 0, "\(figures)")
            XCTAssertEqual(figures["suspended"], 0, "\(figures)")
        }

        // Grayscale from the drop-down, by keyboard: Alt+F (its label's mnemonic) focuses it,
        // Space opens its list (whose entries exist once it shows), Down and Return choose the
        // entry after Sepia.
        try app.press("alt+f", "space")
        try app.waitForAccessibleNodes("the drop-down's list opens") { nodes in nodes.contains { $0.name == "None" } }
        try app.press("Down", "Return")
        let greyNodes = try app.waitForAccessibleNodes("the rows name grayscale") { nodes in
            nodes.count { $0.name.hasSuffix(": ✓ grayscale") } >= boxes.count && !nodes.contains { $0.name.contains("✓ sepia") }
                && !nodes.contains(where: Self.isWorking)
        }
        XCTAssertTrue(greyNodes.contains { $0.role == "label" && $0.name.hasSuffix(" · grayscale") }, "the status line names grayscale")
        let greyShot = try app.waitForScreenshot("the thumbnails turn grey") { shot in
            boxes.allSatisfy { DesktopTools.isGrey(shot.cropped($0)) }
        }
        try app.save(greyShot, as: "filter-grayscale")
        XCTAssertFalse(boxes.contains { DesktopTools.isSepiaToned(greyShot.cropped($0)) })

        // The rows were filtered again from the originals the pipeline kept: no download.
        let after = try app.waitForAccessibleNodes("the inspector counts the new filtrations") { nodes in
            (Self.figures(of: "Image Filtration queue", in: nodes)?["completed"] ?? 0) > filtrations["completed"] ?? 0
        }
        XCTAssertEqual(Self.figures(of: "Download queue", in: after)?["completed"], downloads["completed"], "nothing downloaded again")

        // While the wheel turns (notches closer than the settle delay), the queues show
        // suspended; once it stops, resumed.
        let wheel = try app.startWheel(notches: 30, x: 300, y: 400, delay: 80)
        defer { wheel.stop() }
        try app.waitForAccessibleNodes("the inspector shows the queues suspended") { nodes in
            Self.figures(of: "Download queue", in: nodes)?["suspended"] == 1
                && Self.figures(of: "Image Filtration queue", in: nodes)?["suspended"] == 1
        }
        guard Polling.wait(every: 0.1, for: 60, until: { !wheel.isRunning }) else {
            throw WaitTimeout(waitingUntil: "the wheel stops", seconds: 60)
        }
        try app.waitForAccessibleNodes("the inspector shows the queues resumed") { nodes in
            Self.figures(of: "Download queue", in: nodes)?["suspended"] == 0
        }

        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }

    /// Whether `node` is a row whose work is in progress.
    private static func isWorking(_ node: AccessibilityTree.Node) -> Bool {
        node.name.contains("Downloading…") || node.name.contains("Filtering…")
    }

    /// The inspector's figures of the queue `name`, read from its accessible summary ("Download
    /// queue: running 2, waiting 5, suspended no, completed 10, cancelled 1"; suspended as 1 or
    /// 0); nil when the inspector does not show it.
    private static func figures(of name: String, in nodes: [AccessibilityTree.Node]) -> [String: Int]? {
        guard let summary = nodes.first(where: { $0.name.hasPrefix(name + ": running ") })?.name else { return nil }
        var figures: [String: Int] = [:]
        for field in summary.dropFirst(name.count + 2).split(separator: ", ") {
            let parts = field.split(separator: " ")
            guard parts.count == 2 else { return nil }
            figures[String(parts[0])] = parts[1] == "yes" ? 1 : parts[1] == "no" ? 0 : Int(parts[1])
        }
        return figures
    }
}

extension RGBImage {
    /// The part of the picture inside `box`.
    fileprivate func cropped(_ box: Box) -> RGBImage {
        cropped(x: box.x, y: box.y, width: box.width, height: box.height)
    }
}
