import Foundation
import SepiaOperations
import XCTest
@testable import SepiaPipeline

/// The loader's client starts with the first download and stays stopped after `shutdown()`.
final class HTTPLoaderLifecycleTests: XCTestCase {
    private func load(_ url: String, with loader: HTTPLoader) -> Result<Data, HTTPLoadError> {
        let done = expectation(description: "completion")
        let outcome = Locked<Result<Data, HTTPLoadError>?>(nil)
        _ = loader.load(URL(string: url)!) { result in
            outcome.withLock { $0 = result }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        return outcome.withLock { $0! }
    }

    func testALoadAfterShutdownFailsAndSaysWhy() {
        let loader = HTTPLoader()
        loader.shutdown()
        guard case .failure(.connection(let detail)) = load("http://127.0.0.1:9/photo.jpg", with: loader) else {
            return XCTFail("a stopped loader must refuse the download")
        }
        XCTAssertTrue(detail.contains("shut down"), detail)
        loader.shutdown()  // a second shutdown is harmless
    }

    func testAnUnsupportedSchemeFailsWithoutAClient() {
        let loader = HTTPLoader()
        defer { loader.shutdown() }
        guard case .failure(.unsupportedURL) = load("ftp://127.0.0.1/photo.jpg", with: loader) else {
            return XCTFail("only http and https are downloaded")
        }
        XCTAssertFalse(loader.hasStartedClient, "no threads for a download that cannot happen")
    }
}
