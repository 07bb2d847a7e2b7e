import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaTestSupport
import XCTest

/// Scrolling the real window with the mouse wheel (xdotool under Xvfb) while the first
/// screen's photos still download from a slow server: the queues are suspended while the
/// wheel turns and resumed once it settles (the app's `--stats-file`), the downloads of the
/// rows that left are cancelled (the server sees their bodies cut, the app counts them
/// cancelled), and the rows now on screen load (the server is asked for their photos, their
/// accessible labels say done).
final class DesktopScrollTests: XCTestCase {
    /// The figures of `sepia-gtk --stats-file` this test reads.
    private struct Stats: Decodable {
        struct Scrolling: Decodable {
            let scrollsStarted: Int
            let scrollsWithQueuesSuspended: Int
            let settles: Int
            let settlesWithQueuesResumed: Int
        }
        let scrolling: Scrolling
        let cancelledBeforeQuit: [String: Int]
        let visibleRows: [Int]
        let downloadedRowsNeverShown: Int
    }

    func testWheelScrollingSuspendsTheQueuesCancelsTheRowsThatLeftAndLoadsTheNewScreen() throws {
        // 256×192 photos sent at 4 kB/s: each body takes seconds, so the first screen's
        // downloads are still in flight when the wheel turns.
        let server = try DesktopTools.blocking {
            try await DemoPhotoServer.start(
                DemoServerConfiguration(
                    photoCount: 200, photoSize: PixelSize(width: 256, height: 192), includesBrokenEntries: false, bandwidth: 4_000))
        }
        defer { DesktopTools.stop(server) }
        let statsFile = try makeTemporaryCacheDirectory().appendingPathComponent("stats.json")
        // No prefetching: only the rows on screen download.
        let app = try XvfbDesktopApp(
            try DesktopTools.sepiaGtk(),
            [server.jsonURL.absoluteString, "--intensity", "1", "--prefetch", "0", "--timeout", "600", "--stats-file", statsFile.path])
        defer { app.stop() }

        let photoPaths = server.catalog.photos.compactMap(\.path)
        func requestedPhotos() -> Set<String> {
            Set(photoPaths.filter { server.counters.requests(forPath: $0) > 0 })
        }
        guard Polling.wait(every: 0.1, for: 60, until: { requestedPhotos().count >= 3 }) else {
            throw WaitTimeout(waitingUntil: "the first screen's photos are requested", seconds: 60)
        }
        // The layout may settle a moment later: the first screen is what was asked for then.
        Thread.sleep(forTimeInterval: 0.5)
        let firstScreen = requestedPhotos()
        XCTAssertEqual(server.counters.cutBodies, 0, "no download was cancelled before scrolling")

        // 30 notches down over the list (the window is at the screen's top left).
        try app.wheel(notches: 30, x: 450, y: 400)

        // The server sees the rows that left cancel their downloads.
        guard Polling.wait(every: 0.1, for: 60, until: { server.counters.cutBodies >= 1 }) else {
            throw EndToEndError("The server saw no download cancelled after scrolling.\nLog: \(app.log)")
        }

        // The rows now on screen load: their labels say done, and no row works any more.
        let nodes = try app.waitForAccessibleNodes("the screen's new rows are done", timeout: 120) { nodes in
            nodes.count { $0.name.hasSuffix(": ✓ sepia 1.0") } >= 3
                && !nodes.contains { $0.name.contains("Downloading…") || $0.name.contains("Filtering…") }
        }
        try app.save(try app.screenshot(), as: "scrolled")
        let labels = Set(nodes.map(\.name))
        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)

        let stats = try JSONDecoder().decode(Stats.self, from: Data(contentsOf: statsFile))
        // Scrolling suspended every queue when it started; settling resumed them all.
        XCTAssertGreaterThanOrEqual(stats.scrolling.scrollsStarted, 1, "the wheel did not scroll: \(stats.scrolling)")
        XCTAssertEqual(stats.scrolling.scrollsWithQueuesSuspended, stats.scrolling.scrollsStarted, "\(stats.scrolling)")
        XCTAssertEqual(stats.scrolling.settles, stats.scrolling.scrollsStarted, "\(stats.scrolling)")
        XCTAssertEqual(stats.scrolling.settlesWithQueuesResumed, stats.scrolling.settles, "\(stats.scrolling)")
        XCTAssertGreaterThanOrEqual(stats.cancelledBeforeQuit.values.reduce(0, +), 1, "\(stats.cancelledBeforeQuit)")
        XCTAssertEqual(stats.downloadedRowsNeverShown, 0, "only rows on screen download")

        // The screen moved past the first screen's rows (rows are in name order, not the
        // server's): as many rows are done as are on screen, none of them the first screen's,
        // and the server was asked for each.
        XCTAssertEqual(stats.visibleRows.count, 2)
        XCTAssertGreaterThan(stats.visibleRows.first ?? 0, 0, "the list did not scroll")
        let done = server.catalog.photos.filter { labels.contains("\($0.name): ✓ sepia 1.0") }
        XCTAssertGreaterThanOrEqual(done.count, (stats.visibleRows.last ?? 0) - (stats.visibleRows.first ?? 0), "\(stats.visibleRows)")
        for photo in done {
            XCTAssertFalse(firstScreen.contains(photo.path ?? ""), "\(photo.name) left the screen but finished")
            XCTAssertGreaterThan(server.counters.requests(forPath: photo.path ?? ""), 0, photo.name)
        }
    }
}
