import AsyncHTTPClient
import Foundation
import SepiaDemoServer
import SepiaImaging
import SepiaTestSupport
import XCTest

final class BrokenEntryTests: XCTestCase {
    func testNotFoundEntryAnswers404() async throws {
        try await withServer { server in
            let response = try await fetch(try url(of: .notFound, on: server))

            XCTAssertEqual(response.status, 404)
        }
    }

    func testCorruptEntryIsLabelledJPEGButDoesNotDecode() async throws {
        try await withServer { server in
            let response = try await fetch(try url(of: .corrupt, on: server))

            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.contentType, "image/jpeg")
            XCTAssertEqual(Array(response.body.prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG header")
            XCTAssertThrowsError(try ImageDecoder.decode(response.body)) { error in
                XCTAssertTrue(error is ImageDecodingError, "\(error)")
            }
        }
    }

    func testHTMLEntryIsAnHTMLPageLabelledJPEG() async throws {
        try await withServer { server in
            let response = try await fetch(try url(of: .html, on: server))

            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.contentType, "image/jpeg")
            XCTAssertTrue(response.text.hasPrefix("<!DOCTYPE html>"), response.text)
            XCTAssertThrowsError(try ImageDecoder.decode(response.body))
        }
    }

    func testTruncatedEntryClosesTheConnectionBeforeItsContentLength() async throws {
        try await withServer { server in
            do {
                let response = try await fetch(try url(of: .truncated, on: server))
                XCTFail("expected an error, got \(response.status) with \(response.body.count) bytes")
            } catch {
                XCTAssertNotEqual(error as? HTTPClientError, .deadlineExceeded, "the body should end early, not stall")
            }
            let sent = server.counters.bodyBytesSent
            XCTAssertGreaterThan(sent, 0, "half a photo was sent")
            XCTAssertEqual(server.counters.cutBodies, 0, "the server cut it, not the client")
        }
    }

    func testSlowEntryOutlastsAShortClientTimeout() async throws {
        try await withServer { server in
            do {
                let response = try await fetch(try url(of: .slow, on: server), timeout: .milliseconds(300))
                XCTFail("expected a timeout, got \(response.status)")
            } catch {
                XCTAssertEqual(error as? HTTPClientError, .deadlineExceeded, "\(error)")
            }
        }
    }

    func testSlowEntryDoesNotHoldUpOtherRequests() async throws {
        try await withServer { server in
            let slowURL = try url(of: .slow, on: server)
            let slowPath = slowURL.path
            let slowRequest = Task { try await fetch(slowURL, timeout: .seconds(900)) }
            defer { slowRequest.cancel() }
            try await waitUntil("the server has the slow request") {
                server.counters.requests(forPath: slowPath) == 1
            }

            let photo = try await fetch(try XCTUnwrap(server.url(for: server.catalog.photos[0])))

            XCTAssertEqual(photo.status, 200)
            XCTAssertEqual(server.counters.requests(forPath: slowPath), 1, "the slow request is still pending")
        }
    }

    func testNoURLEntryIsListedWithoutAURL() async throws {
        try await withServer { server in
            let entry = try XCTUnwrap(server.catalog.entry(ofKind: .noURL))

            XCTAssertNil(server.url(for: entry))
            XCTAssertEqual(entry.manifestURLString(relativeTo: server.baseURL), "NO URL")
        }
    }

    private func url(of kind: DemoCatalog.Entry.Kind, on server: DemoPhotoServer) throws -> URL {
        let entry = try XCTUnwrap(server.catalog.entry(ofKind: kind), "no \(kind) entry")
        return try XCTUnwrap(server.url(for: entry))
    }
}
