import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaOperations
@testable import SepiaPipeline
import SepiaTestSupport
import XCTest

/// A finished download lets go of its bytes: nothing keeps the operation (and the body its
/// result holds) alive once its queue and its callers are done with it.
final class DownloadLifetimeTests: XCTestCase {
    private var server: DemoPhotoServer!
    private var loader: HTTPLoader!

    override func tearDown() {
        loader?.shutdown()
        server?.stopBlocking()
    }

    func testAFinishedDownloadAndItsLoadAreReleased() throws {
        server = try DemoPhotoServer.startBlocking(DemoServerConfiguration(photoCount: 1, photoSize: PixelSize(width: 160, height: 120)))
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
            wait(for: [finished], timeout: 30)
        }
        XCTAssertGreaterThan(received.withLock { $0 }, 0)
        try waitUntil("the download, its load and its body were released") { weakDownload == nil }
    }
}
