import Foundation
import SepiaDemoServer
import SepiaSystem
import SepiaTestSupport
import XCTest

/// The list's memory stays flat however far it scrolls: `sepia-gtk` over a manifest of 10,000
/// photos on loopback that all fail at once (the server has none of them: 404), scrolled from
/// top to bottom twice by dragging the scrollbar, stopping now and then so that the screen's
/// rows load and fail. Every row is bound and unbound (its labels, accessible label, spinner
/// and retry button set and reset), and the rows stopped at run their work and show their
/// failure. The second pass may not grow the app's resident memory by more than
/// ``allowedGrowth`` over the first: a leak of anything per bound row (its widgets, a signal
/// closure, a texture) costs more than that over 10,000 rows.
final class DesktopMemoryTests: XCTestCase {
    /// What the second pass may add to the resident memory after the first.
    private static let allowedGrowth = 8 << 20
    private static let rowCount = 10_000
    /// A point of the slider when the list is at its bottom, on the screen.
    private static let sliderBottomY = 678

    func testScrollingTenThousandRowsTwiceKeepsTheResidentMemoryFlat() throws {
        let server = try DesktopTools.blocking { try await DemoPhotoServer.start(DemoServerConfiguration(photoCount: 1)) }
        defer { DesktopTools.stop(server) }
        let folder = try makeTemporaryCacheDirectory()
        let manifest = folder.appendingPathComponent("photos.txt")
        let lines = (1...Self.rowCount).map {
            server.baseURL.appendingPathComponent(String(format: "missing/photo-%05d.jpg", $0)).absoluteString
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: manifest)
        let app = try XvfbDesktopApp(try DesktopTools.sepiaGtk(), [manifest.path, "--prefetch", "0"])
        defer { app.stop() }
        try app.waitForAccessibleNodes("the first screen's rows failed") { nodes in
            nodes.contains { $0.name.hasPrefix("photo-00001: Failed to load: ") }
        }

        try DesktopTools.revealScrollbar(in: app)
        let firstPass = try scrollToTheBottomAndBack(app)
        let secondPass = try scrollToTheBottomAndBack(app)
        let growth = secondPass - firstPass
        XCTAssertLessThanOrEqual(
            growth, Self.allowedGrowth,
            "the second pass over \(Self.rowCount) rows grew the resident memory by \(growth >> 10) kB (after the first pass: \(firstPass >> 10) kB)"
        )
        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
    }

    /// Drags the scrollbar's slider from the top to the bottom of its trough in small steps,
    /// stopping every tenth of the way for the list to settle, waits until the last screen's
    /// rows have failed, drags it back to the top, and returns the app's resident memory once
    /// the top rows show again.
    private func scrollToTheBottomAndBack(_ app: XvfbDesktopApp) throws -> Int {
        let (x, top) = (DesktopTools.scrollbarX, DesktopTools.sliderTopY)
        // Both drags end with the pointer on the slider (at the trough's end, at its top), so
        // that the scrollbar stays wide for the next press.
        try app.drag(from: x, top, to: x, Self.sliderBottomY, steps: 320, delay: 5, pauseEvery: 32, pause: 250, dwell: 50)
        try app.waitForAccessibleNodes("the last screen's rows failed") { nodes in
            nodes.contains { $0.name.hasPrefix("photo-\(Self.rowCount): Failed to load: ") }
        }
        try app.drag(from: x, Self.sliderBottomY, to: x, top, steps: 20, delay: 10, dwell: 50)
        try app.waitForAccessibleNodes("the top rows show again") { nodes in
            nodes.contains { $0.name.hasPrefix("photo-00001: ") }
        }
        return try XCTUnwrap(app.processID.flatMap(ResidentMemory.current(ofProcess:)), "sepia-gtk's resident memory")
    }
}
