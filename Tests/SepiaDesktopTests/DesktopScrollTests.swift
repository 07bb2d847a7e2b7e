import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaTestSupport
import XCTest

/// Scrolling the real window (xdotool under Xvfb) while the first screen's photos still
/// download from a slow server, by every means X can send: the mouse wheel, the keyboard
/// (Page Down and End in the focused list) and a drag of the scrollbar's slider. Each kind,
/// in a window of its own on the one server, checks the same: the queues are suspended while
/// the list moves and resumed once it settles (the app's `--stats-file`), the downloads of the
/// rows that left are cancelled (the server sees their bodies cut, the app counts them
/// cancelled), and the rows now on screen load (the server is asked for their photos, their
/// accessible labels say done).
///
/// Not covered: a touchpad's smooth scrolling and its kinetic deceleration. Xvfb's only
/// pointer (and XTest's) has no smooth-scroll valuators, so X cannot send the events that
/// start GTK's kinetic animation; the list handles it like every other kind, through the
/// adjustment's `value-changed` (``PhotoListView``).
final class DesktopScrollTests: XCTestCase {
    /// 256×192 photos sent at 4 kB/s: each body takes seconds, so the first screen's downloads
    /// are still in flight when the list moves. Started once for every kind of scrolling.
    nonisolated(unsafe) private static var sharedServer: DemoPhotoServer?

    override class func tearDown() {
        if let server = sharedServer { DesktopTools.stop(server) }
        sharedServer = nil
        super.tearDown()
    }

    private static func server() throws -> DemoPhotoServer {
        if let sharedServer { return sharedServer }
        let server = try DesktopTools.blocking {
            try await DemoPhotoServer.start(
                DemoServerConfiguration(
                    photoCount: 200, photoSize: PixelSize(width: 256, height: 192), includesBrokenEntries: false, bandwidth: 4_000))
        }
        sharedServer = server
        return server
    }

    func testWheelScrollingSuspendsTheQueuesCancelsTheRowsThatLeftAndLoadsTheNewScreen() throws {
        // 30 notches down over the list (the window is at the screen's top left).
        try scrollWhileTheFirstScreenLoads("wheel") { app in try app.wheel(notches: 30, x: 450, y: 400) }
    }

    func testKeyboardScrollingSuspendsTheQueuesCancelsTheRowsThatLeftAndLoadsTheNewScreen() throws {
        // The list has the keyboard focus from the start.
        try scrollWhileTheFirstScreenLoads("keyboard") { app in try app.press("Page_Down", "Page_Down", "Page_Down", "End") }
    }

    func testDraggingTheScrollbarSuspendsTheQueuesCancelsTheRowsThatLeftAndLoadsTheNewScreen() throws {
        // The slider, at the top of the trough, dragged halfway down in small steps.
        try scrollWhileTheFirstScreenLoads("scrollbar") { app in
            try DesktopTools.revealScrollbar(in: app)
            try app.drag(
                from: DesktopTools.scrollbarX, DesktopTools.sliderTopY, to: DesktopTools.scrollbarX, 380, steps: 30, delay: 10, dwell: 50)
        }
    }

    /// Starts `sepia-gtk` on the shared slow server, waits until the first screen's photos are
    /// requested, runs `scroll`, then checks that the list moved as a scroll must (see the
    /// class's description); `kind` names the scrolling in messages and screenshots.
    private func scrollWhileTheFirstScreenLoads(_ kind: String, _ scroll: (XvfbDesktopApp) throws -> Void) throws {
        let server = try Self.server()
        let before = server.counters.snapshot
        let statsFile = try makeTemporaryCacheDirectory().appendingPathComponent("stats.json")
        // No prefetching: only the rows on screen download.
        let app = try XvfbDesktopApp(
            try DesktopTools.sepiaGtk(),
            [server.jsonURL.absoluteString, "--intensity", "1", "--prefetch", "0", "--timeout", "600", "--stats-file", statsFile.path])
        defer { app.stop() }

        let photoPaths = server.catalog.photos.compactMap(\.path)
        func requestedPhotos() -> Set<String> {
            Set(photoPaths.filter { server.counters.requests(forPath: $0) > before.requestsByPath[$0, default: 0] })
        }
        func cutBodies() -> Int { server.counters.cutBodies - before.cutBodies }
        guard Polling.wait(every: 0.1, for: 60, until: { requestedPhotos().count >= 3 }) else {
            throw WaitTimeout(waitingUntil: "the first screen's photos are requested", seconds: 60)
        }
        // The layout may settle a moment later: the first screen is what was asked for then.
        Thread.sleep(forTimeInterval: 0.5)
        let firstScreen = requestedPhotos()
        XCTAssertEqual(cutBodies(), 0, "\(kind): no download was cancelled before scrolling")

        try scroll(app)

        // The server sees the rows that left cancel their downloads.
        guard Polling.wait(every: 0.1, for: 60, until: { cutBodies() >= 1 }) else {
            try app.save(try app.screenshot(), as: "\(kind)-not-scrolled")
            throw EndToEndError("\(kind): the server saw no download cancelled after scrolling.\nLog: \(app.log)")
        }

        // The rows now on screen load: their labels say done, and no row works any more.
        let nodes = try app.waitForAccessibleNodes("the screen's new rows are done (\(kind))", timeout: 120) { nodes in
            nodes.count { $0.name.hasSuffix(": ✓ sepia 1.0") } >= 3
                && !nodes.contains { $0.name.contains("Downloading…") || $0.name.contains("Filtering…") }
        }
        try app.save(try app.screenshot(), as: "scrolled-\(kind)")
        let labels = Set(nodes.map(\.name))
        try app.press("ctrl+q")
        XCTAssertEqual(try app.waitForExit(), 0, app.log)
        // The next kind starts once the server has seen this window's downloads end.
        var sent = -1
        _ = Polling.wait(every: 0.3, for: 10) {
            defer { sent = server.counters.bodyBytesSent }
            return server.counters.bodyBytesSent == sent
        }

        let stats = try JSONDecoder().decode(ScrollStats.self, from: Data(contentsOf: statsFile))
        // Scrolling suspended every queue when it started; settling resumed them all.
        let scrolling = stats.scrolling
        XCTAssertGreaterThanOrEqual(scrolling.scrollsStarted, 1, "\(kind) did not scroll: \(scrolling)")
        XCTAssertEqual(scrolling.scrollsWithQueuesSuspended, scrolling.scrollsStarted, "\(kind): \(scrolling)")
        XCTAssertEqual(scrolling.settles, scrolling.scrollsStarted, "\(kind): \(scrolling)")
        XCTAssertEqual(scrolling.settlesWithQueuesResumed, scrolling.settles, "\(kind): \(scrolling)")
        XCTAssertGreaterThanOrEqual(stats.cancelledBeforeQuit.values.reduce(0, +), 1, "\(kind): \(stats.cancelledBeforeQuit)")
        XCTAssertEqual(stats.downloadedRowsNeverShown, 0, "\(kind): only rows on screen download")

        // The screen moved past the first screen's rows (rows are in name order, not the
        // server's): as many rows are done as are on screen, none of them the first screen's,
        // and the server was asked for each.
        XCTAssertEqual(stats.visibleRows.count, 2)
        XCTAssertGreaterThan(stats.visibleRows.first ?? 0, 0, "\(kind): the list did not scroll")
        let done = server.catalog.photos.filter { labels.contains("\($0.name): ✓ sepia 1.0") }
        XCTAssertGreaterThanOrEqual(
            done.count, (stats.visibleRows.last ?? 0) - (stats.visibleRows.first ?? 0), "\(kind): \(stats.visibleRows)")
        for photo in done {
            XCTAssertFalse(firstScreen.contains(photo.path ?? ""), "\(kind): \(photo.name) left the screen but finished")
            XCTAssertGreaterThan(
                server.counters.requests(forPath: photo.path ?? "") - before.requestsByPath[photo.path ?? "", default: 0], 0,
                "\(kind): \(photo.name)")
        }
    }

    /// The figures of `sepia-gtk --stats-file` this test reads.
    private struct ScrollStats: Decodable {
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
}
