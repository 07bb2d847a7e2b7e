import SepiaDemoServer
import SepiaImaging
import XCTest

final class PhotoTests: XCTestCase {
    func testJPEGPhotoDecodesAtTheConfiguredSize() async throws {
        try await withServer { server in
            let response = try await fetch(server.baseURL.appendingPathComponent("photos/1.jpg"))

            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.contentType, "image/jpeg")
            let decoded = try ImageDecoder.decode(response.body)
            XCTAssertEqual(decoded.format, .jpeg)
            XCTAssertEqual(decoded.image.size, PixelSize(width: 48, height: 32))
        }
    }

    func testPNGPhotoDecodesAtTheConfiguredSize() async throws {
        try await withServer { server in
            let response = try await fetch(server.baseURL.appendingPathComponent("photos/7.png"))

            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.contentType, "image/png")
            let decoded = try ImageDecoder.decode(response.body)
            XCTAssertEqual(decoded.format, .png)
            XCTAssertEqual(decoded.image.size, PixelSize(width: 48, height: 32))
        }
    }

    func testAPhotoIsTheSameOnEveryRequestAndEveryServerWithTheSameSeed() async throws {
        var firstServerBytes: [UInt8] = []
        try await withServer { server in
            let url = try XCTUnwrap(server.url(for: server.catalog.photos[2]))
            let first = try await fetch(url)
            let second = try await fetch(url)

            XCTAssertEqual(first.body, second.body)
            firstServerBytes = first.body
        }
        try await withServer { server in
            let again = try await fetch(try XCTUnwrap(server.url(for: server.catalog.photos[2])))

            XCTAssertEqual(again.body, firstServerBytes)
        }
    }

    func testDifferentPhotosDiffer() async throws {
        try await withServer { server in
            let first = try await fetch(try XCTUnwrap(server.url(for: server.catalog.photos[0])))
            let second = try await fetch(try XCTUnwrap(server.url(for: server.catalog.photos[1])))

            XCTAssertNotEqual(first.body, second.body)
        }
    }

    func testPreparedPhotosAreServedUnchanged() async throws {
        var onDemand: [[UInt8]] = []
        try await withServer { server in
            for photo in server.catalog.photos {
                onDemand.append(try await fetch(try XCTUnwrap(server.url(for: photo))).body)
            }
        }
        try await withServer { server in
            try await server.prepareAllPhotos()
            for (photo, expected) in zip(server.catalog.photos, onDemand) {
                let prepared = try await fetch(try XCTUnwrap(server.url(for: photo)))
                XCTAssertEqual(prepared.body, expected, photo.name)
            }
        }
    }
}
