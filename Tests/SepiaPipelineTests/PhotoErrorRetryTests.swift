import SepiaImaging
import SepiaPipeline
import XCTest

/// Which failures a Retry can mend (``PhotoError/isWorthRetrying``): those whose cause can
/// change by itself, not those the same bytes or the same answer would repeat.
final class PhotoErrorRetryTests: XCTestCase {
    func testNetworkFailuresBusyServersAndMemoryAreWorthRetrying() {
        let worth: [PhotoError] = [
            .download(.status(code: 503, reason: "Service Unavailable", retryAfter: nil)),
            .download(.status(code: 500, reason: "Internal Server Error", retryAfter: nil)),
            .download(.status(code: 429, reason: "Too Many Requests", retryAfter: 5)),
            .download(.status(code: 408, reason: "Request Timeout", retryAfter: nil)),
            .download(.retryTooLate(code: 503, reason: "Service Unavailable", seconds: 600, limit: 60)),
            .download(.unreachable("connection refused")),
            .download(.connection("reset by peer")),
            .download(.timedOut("after 30 s")),
            .download(.connectTimedOut("10 s")),
            .download(.proxy("cannot connect to the proxy")),
            .download(.hostUnavailable(host: "example.com:443", failures: 5, cause: "refused")),
            .decoding(.outOfMemory),
            .unreadableFile(path: "/photos/a.jpg", reason: "Permission denied"),
            .cancelled,
            .processing("a custom step failed"),
        ]
        for error in worth { XCTAssertTrue(error.isWorthRetrying, "\(error)") }
    }

    func testTheSameBytesOrAFinalAnswerAreNotWorthRetrying() {
        let futile: [PhotoError] = [
            .decoding(.truncated(format: .jpeg)),
            .decoding(.corrupt(format: .png, reason: "bad CRC")),
            .decoding(.unsupportedFormat("an HTML page")),
            .decoding(.empty),
            .decoding(.tooLarge(width: 100_000, height: 100_000, limit: 1 << 28)),
            .download(.status(code: 404, reason: "Not Found", retryAfter: nil)),
            .download(.status(code: 410, reason: "Gone", retryAfter: nil)),
            .download(.status(code: 403, reason: "Forbidden", retryAfter: nil)),
            .download(.untrustedCertificate("self-signed")),
            .download(.tooLarge(limit: 64 << 20)),
            .download(.redirects("too many redirects")),
            .download(.unsupportedURL("ftp://example.com/a.jpg")),
            .download(.refusedDestination(host: "10.0.0.1", address: "10.0.0.1", reach: .privateNetwork, allowed: .publicInternet)),
            .invalidLocation("\"NO URL\" is not a URL"),
        ]
        for error in futile { XCTAssertFalse(error.isWorthRetrying, "\(error)") }
    }

    /// A timeout is final for the loader's immediate retries but worth a person's retry.
    func testATimeoutIsWorthRetryingThoughTheLoaderDoesNotRepeatIt() {
        let timeout = HTTPLoadError.timedOut("after 30 s")
        XCTAssertFalse(timeout.isTransient)
        XCTAssertTrue(PhotoError.download(timeout).isWorthRetrying)
    }
}
