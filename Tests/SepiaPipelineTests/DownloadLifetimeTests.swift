import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaOperations
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// A finished download lets go of its bytes: nothing keeps the operation (and the body its
/// result holds) alive once its queue and its callers are done with it.
final class DownloadLifetimeTests: XCTestCase {
    private var server: DemoPhotoServer!
    private var loader: HTTPLoader!

    override func tearDown() async throws {
        await loader?.shutdown()
        await server?.stop()
    }

    func testAFinishedDownloadAndItsLoadAreReleased() async throws {
        server = try await DemoPhotoServer.start(DemoServerConfiguration(photoCount: 1, photoSize: PixelSize(width: 160, height: 120)))
        loader = HTTPLoader()
        let url = try XCTUnwrap(server.url(for: server.catalog.photos[0]))
        let queue = OperationQueue()
        weak var weakDownload: DownloadOperation?
        let received = Locked(0)
        do {
            let download = DownloadOperation(url: url, loader: loader)
            weakDownload = download
            let finished = expectation(description: "downloaded")
            download.onFinish(on: .global()) { result in
                received.withLock { $0 = result.value?.count ?? 0 }
                finished.fulfill()
            }
            queue.addOperation(download)
            await fulfillment(of: [finished], timeout: 30)
        }
        XCTAssertGreaterThan(received.withLock { $0 }, 0)
        try await waitUntil("the download, its load and its body were released") { weakDownload == nil }
    }
}
