import Foundation
import SepiaOperations
import XCTest

@testable import SepiaPipeline

/// The loader's client starts with the first download and stays stopped after `shutdown()`.
final class HTTPLoaderLifecycleTests: XCTestCase {
    private func load(_ url: String, with loader: HTTPLoader) async -> Result<Data, HTTPLoadError> {
        await withCheckedContinuation { continuation in
            _ = loader.load(URL(string: url)!) { continuation.resume(returning: $0) }
        }
    }

    func testALoadAfterShutdownFailsAndSaysWhy() async {
        let loader = HTTPLoader()
        await loader.shutdown()
        guard case .failure(.connection(let detail)) = await load("http://127.0.0.1:9/photo.jpg", with: loader) else {
            return XCTFail("a stopped loader must refuse the download")
        }
        XCTAssertTrue(detail.contains("shut down"), detail)
        await loader.shutdown()  // a second shutdown is harmless
    }

    func testAnUnsupportedSchemeFailsWithoutAClient() async {
        let loader = HTTPLoader()
        guard case .failure(.unsupportedURL) = await load("ftp://127.0.0.1/photo.jpg", with: loader) else {
            await loader.shutdown()
            return XCTFail("only http and https are downloaded")
        }
        XCTAssertFalse(loader.hasStartedClient, "no threads for a download that cannot happen")
        await loader.shutdown()
    }
}
