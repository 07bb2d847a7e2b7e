import Foundation
import SepiaPipeline
import XCTest

/// How each row's URL or path becomes a location, and every kind of row that cannot.
final class ManifestLocationTests: XCTestCase {
    // MARK: Rows that cannot become downloads

    func testValuesThatAreNotTextAreInvalidWithTheirType() throws {
        assertInvalidLocation(try ManifestFixtures.location(of: 42), reasonContaining: "the \"url\" is a number, not text")
        assertInvalidLocation(try ManifestFixtures.location(of: true), reasonContaining: "the \"url\" is a boolean, not text")
        assertInvalidLocation(try ManifestFixtures.location(of: ["href": "x"]), reasonContaining: "the \"url\" is a dictionary, not text")
        assertInvalidLocation(try ManifestFixtures.location(of: ["x"]), reasonContaining: "the \"url\" is an array, not text")
        assertInvalidLocation(try ManifestFixtures.location(of: NSNull()), reasonContaining: "the \"url\" is null, not text")
    }

    func testDictionaryValuesThatAreNotTextAreInvalid() throws {
        let data = try ManifestFixtures.propertyList(["Count": 3, "Flag": false, "When": Date(timeIntervalSince1970: 0)], format: .binary)
        let entries = try ManifestParser.parse(data, origin: ManifestFixtures.local)
        XCTAssertEqual(entries.map(\.name), ["Count", "Flag", "When"])
        assertInvalidLocation(entries[0].location, reasonContaining: "the URL is a number, not text")
        assertInvalidLocation(entries[1].location, reasonContaining: "the URL is a boolean, not text")
        assertInvalidLocation(entries[2].location, reasonContaining: "the URL is a date, not text")
    }

    func testArrayElementsWithoutAURLAreInvalid() throws {
        let data = try ManifestFixtures.json([["name": "Lost"], 7, ["name": "Kitten", "url": "https://example.com/kitten.jpg"]])
        let entries = try ManifestParser.parse(data, origin: ManifestFixtures.remote)
        XCTAssertEqual(entries.map(\.name), ["Kitten", "Lost", "Untitled 1"])
        assertInvalidLocation(entries[1].location, reasonContaining: "the entry has no \"url\"")
        assertInvalidLocation(entries[2].location, reasonContaining: "the entry is a number, expected {name, url} or a URL string")
    }

    func testEmptyAndBlankURLsAreInvalid() throws {
        assertInvalidLocation(try ManifestFixtures.location(of: ""), reasonContaining: "the URL is empty")
        assertInvalidLocation(try ManifestFixtures.location(of: "   "), reasonContaining: "the URL is empty")
    }

    func testNoURLIsInvalidEvenThoughFoundationAcceptsItAsRelative() throws {
        XCTAssertNotNil(URL(string: "NO URL"), "the Linux trap this rule exists for")
        for origin in [ManifestFixtures.local, ManifestFixtures.remote] {
            XCTAssertEqual(
                try ManifestFixtures.location(of: "NO URL", origin: origin),
                .invalid(reason: "\"NO URL\" is not a URL: it has no scheme such as https:// and is not a file path")
            )
        }
    }

    func testWebAddressesNeedAHost() throws {
        assertInvalidLocation(try ManifestFixtures.location(of: "http:///kitten.jpg"), reasonContaining: "it has no host")
        assertInvalidLocation(try ManifestFixtures.location(of: "https://"), reasonContaining: "it has no host")
        assertInvalidLocation(
            try ManifestFixtures.location(of: "https://exa mple.com/a.jpg"), reasonContaining: "is not a valid web address")
    }

    func testOtherSchemesAreInvalid() throws {
        assertInvalidLocation(
            try ManifestFixtures.location(of: "ftp://example.com/a.jpg", origin: ManifestFixtures.remote),
            reasonContaining: "the URL scheme \"ftp\" of \"ftp://example.com/a.jpg\" is not supported (use http or https)"
        )
        assertInvalidLocation(
            try ManifestFixtures.location(of: "data:image/png;base64,AAAA", origin: ManifestFixtures.local),
            reasonContaining: "is not supported (use http, https or file)"
        )
    }

    // MARK: Web addresses

    func testHTTPAndHTTPSAreRemoteInEitherKindOfManifest() throws {
        for text in ["http://example.com/a.jpg", "HTTPS://example.com:8443/b.png?size=large"] {
            for origin in [ManifestFixtures.local, ManifestFixtures.remote] {
                XCTAssertEqual(try ManifestFixtures.location(of: text, origin: origin), .remote(URL(string: text)!))
            }
        }
    }

    func testRelativeReferencesInARemoteManifestResolveAgainstItsURL() throws {
        let cases = [
            "kitten.jpg": "https://example.com/albums/summer/kitten.jpg",
            "big/kitten.jpg": "https://example.com/albums/summer/big/kitten.jpg",
            "../winter/snow.jpg": "https://example.com/albums/winter/snow.jpg",
            "/etc/passwd": "https://example.com/etc/passwd",
            "//cdn.example.net/a.jpg": "https://cdn.example.net/a.jpg",
            "My Photo.jpg": "https://example.com/albums/summer/My%20Photo.jpg",
        ]
        for (reference, expected) in cases {
            XCTAssertEqual(
                try ManifestFixtures.location(of: reference, origin: ManifestFixtures.remote), .remote(URL(string: expected)!), reference)
        }
    }

    // MARK: Local files

    func testFileURLsAndPathsInALocalManifestAreFiles() throws {
        let cases = [
            "file:///pictures/a.jpg": "/pictures/a.jpg",
            "file://localhost/pictures/My%20Cat.jpg": "/pictures/My Cat.jpg",
            "/pictures/b.jpg": "/pictures/b.jpg",
            "c.jpg": "/photos/album/c.jpg",
            "./d.png": "/photos/album/d.png",
            "sub/e.jpg": "/photos/album/sub/e.jpg",
            "../other/f.jpg": "/photos/other/f.jpg",
            "My Photo.jpg": "/photos/album/My Photo.jpg",
        ]
        for (reference, path) in cases {
            let location = try ManifestFixtures.location(of: reference, origin: ManifestFixtures.local)
            XCTAssertEqual(location, .file(URL(fileURLWithPath: path)), reference)
        }
    }

    func testARemoteManifestMayNotReadLocalFiles() throws {
        XCTAssertEqual(
            try ManifestFixtures.location(of: "file:///etc/passwd", origin: ManifestFixtures.remote),
            .invalid(reason: "a manifest from the network may not read local files (\"file:///etc/passwd\")")
        )
    }

    func testFileURLsNeedAnAbsolutePathAndNoOtherHost() throws {
        assertInvalidLocation(try ManifestFixtures.location(of: "file://server/share/a.jpg"), reasonContaining: "is not a valid file URL")
        assertInvalidLocation(try ManifestFixtures.location(of: "file:a.jpg"), reasonContaining: "is not a valid file URL")
    }

    func testReasonsQuoteLongTextAsAnExcerpt() throws {
        let long = "ftp://example.com/" + String(repeating: "a", count: 500)
        let reason = "the URL scheme \"ftp\" of \"\(long.prefix(80))…\" is not supported (use http, https or file)"
        XCTAssertEqual(try ManifestFixtures.location(of: long), .invalid(reason: reason))
    }

    func testBareWordsWithoutExtensionAreNotPaths() throws {
        assertInvalidLocation(try ManifestFixtures.location(of: "kitten"), reasonContaining: "is not a file path")
        assertInvalidLocation(try ManifestFixtures.location(of: ".hidden"), reasonContaining: "is not a file path")
    }
}
