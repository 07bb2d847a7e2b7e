import SepiaDemoContent
import SepiaImaging
import XCTest

@testable import SepiaPipeline

final class RetryPolicyTests: XCTestCase {
    // A seeded generator with storage, not a stored `SystemRandomNumberGenerator`: that one is
    // an empty struct, and Swift 6.3.1 at -Onone passes `undef` as the address of an empty
    // stored property of a class (or an empty global) handed `inout` to a generic function;
    // under the thread sanitizer the callee's inout-access check (`__tsan_external_write`)
    // reads the shadow of that garbage address and the whole test run dies with a SEGV in
    // `RetryPolicy.delay(after:attempt:using:)`. A compiler bug, not ours: reduced to eight
    // lines without XCTest (a class `Holder { var random = SystemRandomNumberGenerator() }`
    // passing `&random` to `func draw(using: inout some RandomNumberGenerator)`), see
    // TRAPS.md; swiftlang/swift#61244 (open) shows the same crash, and #35579 only skips the
    // check where the empty type is known at the access, which a generic callee never knows.
    // Product code is not affected: `HTTPLoad` keeps its generator in a struct, whose field
    // has a real address. A fixed seed also makes a failure here repeatable.
    private var random = SplitMix64(seed: 0x5E9_1A)

    func testTransientFailuresAreRetriedWithGrowingJitteredDelays() throws {
        let policy = RetryPolicy(maximumAttempts: 4, baseDelay: 0.5, maximumDelay: 10)
        let failure = HTTPLoadError.status(code: 503, reason: "Service Unavailable", retryAfter: nil)
        for _ in 0..<200 {
            let first = try XCTUnwrap(policy.delay(after: failure, attempt: 1, using: &random))
            let second = try XCTUnwrap(policy.delay(after: failure, attempt: 2, using: &random))
            let third = try XCTUnwrap(policy.delay(after: failure, attempt: 3, using: &random))
            XCTAssert((0...0.5).contains(first) && (0...1).contains(second) && (0...2).contains(third))
        }
        XCTAssertNil(policy.delay(after: failure, attempt: 4, using: &random), "no attempt is left")
    }

    func testOnlyTransientFailuresAreRetried() {
        let policy = RetryPolicy()
        let retried: [HTTPLoadError] = [
            .status(code: 500, reason: "", retryAfter: nil), .status(code: 429, reason: "", retryAfter: nil),
            .connection("closed early"), .unreachable("refused"),
        ]
        let final: [HTTPLoadError] = [
            .status(code: 404, reason: "", retryAfter: nil), .status(code: 403, reason: "", retryAfter: nil),
            .untrustedCertificate("self-signed"), .tooLarge(limit: 1), .timedOut("after 1 s"), .redirects("loop"),
            .unsupportedURL("ftp://x"),
            .cancelled,
        ]
        for failure in retried { XCTAssertNotNil(policy.delay(after: failure, attempt: 1, using: &random), "\(failure)") }
        for failure in final { XCTAssertNil(policy.delay(after: failure, attempt: 1, using: &random), "\(failure)") }
    }

    func testRetryAfterIsHonouredUpToItsLimitAndBeyondItFailsAtOnce() {
        let policy = RetryPolicy(maximumAttempts: 3, baseDelay: 0.1, maximumDelay: 5, retryAfterLimit: 30)
        XCTAssertEqual(policy.delay(after: .status(code: 429, reason: "", retryAfter: 2), attempt: 1, using: &random), 2)
        // The backoff's ceiling does not cut a wait the server asked for.
        XCTAssertEqual(policy.delay(after: .status(code: 503, reason: "", retryAfter: 20), attempt: 1, using: &random), 20)
        let tooLate = HTTPLoadError.status(code: 503, reason: "Service Unavailable", retryAfter: 3600)
        XCTAssertNil(policy.delay(after: tooLate, attempt: 1, using: &random))
        XCTAssertEqual(
            policy.finalError(for: tooLate).description,
            "HTTP 503 Service Unavailable: the server asks to retry in 3600 s, more than the 30 s Sepia waits")
        XCTAssertEqual(policy.finalError(for: .status(code: 404, reason: "Not Found", retryAfter: nil)).description, "HTTP 404 Not Found")
    }
}
