import Foundation
import SepiaDemoServer
import XCTest

final class ManifestTests: XCTestCase {
    private struct JSONItem: Decodable, Equatable {
        let name: String
        let url: String
    }

    func testPropertyListMapsEveryNameToItsURLOnTheServer() async throws {
        try await withServer { server in
            let response = try await fetch(server.propertyListURL)

            XCTAssertEqual(response.status, 200)
            let parsed = try PropertyListSerialization.propertyList(from: Data(response.body), format: nil)
            let dictionary = try XCTUnwrap(parsed as? [String: String])
            let expected = Dictionary(
                uniqueKeysWithValues: server.catalog.entries.map {
                    ($0.name, $0.manifestURLString(relativeTo: server.baseURL))
                })
            XCTAssertEqual(dictionary, expected)
            XCTAssertEqual(dictionary.count, 20)
            XCTAssertEqual(dictionary["Broken: no URL"], "NO URL")
        }
    }

    func testJSONListsEveryEntryInCatalogOrder() async throws {
        try await withServer { server in
            let response = try await fetch(server.jsonURL)

            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.contentType, "application/json")
            let items = try JSONDecoder().decode([JSONItem].self, from: Data(response.body))
            XCTAssertEqual(
                items,
                server.catalog.entries.map {
                    JSONItem(name: $0.name, url: $0.manifestURLString(relativeTo: server.baseURL))
                })
        }
    }

    func testManifestURLsPointAtTheServer() async throws {
        try await withServer { server in
            let response = try await fetch(server.jsonURL)
            let items = try JSONDecoder().decode([JSONItem].self, from: Data(response.body))

            XCTAssertEqual(server.baseURL.absoluteString, "http://127.0.0.1:\(server.port)/")
            for (item, entry) in zip(items, server.catalog.entries) {
                guard let path = entry.path else {
                    XCTAssertEqual(item.url, "NO URL")
                    continue
                }
                let url = try XCTUnwrap(URL(string: item.url), item.url)
                XCTAssertEqual(url.scheme, "http")
                XCTAssertEqual(url.host, "127.0.0.1")
                XCTAssertEqual(url.port, server.port)
                XCTAssertEqual(url.path, path)
                XCTAssertEqual(url, server.url(for: entry))
            }
        }
    }
}
