import Dispatch
import Foundation
import SepiaDemoServer
import SepiaImaging
import XCTest

@testable import SepiaList
@testable import SepiaPipeline

/// The demo server's progressive photo, sent at 8 KB/s (about 3 s for 400x300): through the
/// pipeline the front ends use, its row has a preview before its photo, and the photo replaces
/// it. The photos are rendered before the list starts: a server built for the thread sanitizer
/// renders so slowly that the download would time out waiting for its first byte.
@MainActor
final class PhotoListDemoPreviewTests: XCTestCase, @unchecked Sendable {
    private var server: DemoPhotoServer!
    private var loader: HTTPLoader!
    private var entries: [PhotoEntry] = []

    override func setUp() async throws {
        server = try await DemoPhotoServer.start(
            DemoServerConfiguration(
                photoCount: 3, photoSize: PixelSize(width: 400, height: 300), includesBrokenEntries: false, progressiveBandwidth: 8_000))
        try await server.prepareAllPhotos()
        loader = HTTPLoader()
        entries = try await PhotoSource.entries(at: server.jsonURL.absoluteString, loader: loader)
    }

    override func tearDown() async throws {
        await loader?.shutdown()
        await server?.stop()
    }

    /// Runs the main queue (where the controller gets its results) until `condition` holds.
    private func runMainQueue(until description: String, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !condition() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertTrue(condition(), description)
    }

    nonisolated func testTheProgressivePhotoShowsAPreviewBeforeThePhoto() {
        MainActor.assumeIsolated {
            let row = DemoCatalog.progressiveNumber - 1
            let pipeline = PhotoPipeline(loader: loader, configuration: .browsing(countsBytesPerURL: false, memoryBudget: nil))
            let controller = PhotoListController(loader: pipeline, configuration: PhotoListConfiguration(prefetchDistance: 0))
            var seen: [(state: PhotoState, hasPreview: Bool)] = []
            controller.onChange = { change in
                guard case .rows(let rows) = change, rows.contains(row) else { return }
                let record = controller.records[row]
                seen.append((record.state, record.preview != nil))
            }
            controller.loadSource { [entries] in $0(.success(entries)) }
            runMainQueue(until: "the rows arrive") { controller.sourceState == .loaded }
            controller.show(rows: 0..<3)
            runMainQueue(until: "the progressive photo is filtered") { controller.records[row].state == .filtered }
            let firstPreview = seen.firstIndex { $0.state == .new && $0.hasPreview }
            let downloaded = seen.firstIndex { $0.state == .downloaded }
            XCTAssertNotNil(firstPreview, "\(seen)")
            XCTAssertLessThan(firstPreview ?? .max, downloaded ?? -1, "the preview comes first: \(seen)")
            XCTAssertFalse(seen[(downloaded ?? 0)...].contains { $0.hasPreview }, "the photo replaces it")
            controller.cancelAll()
        }
    }
}
