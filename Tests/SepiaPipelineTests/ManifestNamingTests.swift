import Foundation
import SepiaPipeline
import XCTest

/// Names of rows: given, derived from the URL, untitled, and made unique.
final class ManifestNamingTests: XCTestCase {
    func testTextListNamesAreLastPathComponentsWithoutExtensionPercentDecoded() throws {
        let text = """
            https://example.com/photos/My%20Cat.jpeg?size=large#top
            https://example.com/photos/archive.tar.gz
            https://example.com/photos/.hidden
            https://example.com/
            https://example.com
            /pictures/Zebra.PNG
            /pictures/100%25%20sure.jpg
            /pictures/50%off.jpg
            https://example.com/albums/caf%C3%A9/
            """
        let names = try ManifestFixtures.parse(text).map(\.name)
        XCTAssertEqual(
            names,
            [".hidden", "50%off", "100% sure", "archive.tar", "café", "https://example.com", "https://example.com/", "My Cat", "Zebra"])
    }

    func testInvalidLinesAreNamedAfterThemselves() throws {
        let entries = try ManifestFixtures.parse("https://example.com/a.jpg\nNO URL\nftp://example.com/dir/b.jpg")
        XCTAssertEqual(entries.map(\.name), ["a", "b", "NO URL"])
        XCTAssertEqual(entries.filter(\.location.isInvalidForTest).count, 2)
    }

    func testDuplicateNamesInATextListGetSuffixes() throws {
        let text = """
            https://one.example.com/kitten.jpg
            https://two.example.com/kitten.jpg
            https://three.example.com/kitten.png
            """
        let entries = try ManifestFixtures.parse(text)
        XCTAssertEqual(entries.map(\.name), ["kitten", "kitten (2)", "kitten (3)"])
        XCTAssertEqual(
            entries.map(\.location),
            [
                .remote(URL(string: "https://one.example.com/kitten.jpg")!),
                .remote(URL(string: "https://two.example.com/kitten.jpg")!),
                .remote(URL(string: "https://three.example.com/kitten.png")!),
            ])
    }

    func testSuffixesSkipNamesTheManifestAlreadyUses() throws {
        let rows: [[String: Any]] = [
            ["name": "Kitten", "url": "https://example.com/1.jpg"],
            ["name": "Kitten", "url": "https://example.com/2.jpg"],
            ["name": "Kitten (2)", "url": "https://example.com/3.jpg"],
            ["name": "Kitten (2)", "url": "https://example.com/4.jpg"],
        ]
        let entries = try ManifestParser.parse(ManifestFixtures.json(rows), origin: ManifestFixtures.remote)
        let namesByURL = Dictionary(uniqueKeysWithValues: entries.map { ($0.location, $0.name) })
        XCTAssertEqual(namesByURL[.remote(URL(string: "https://example.com/1.jpg")!)], "Kitten")
        XCTAssertEqual(namesByURL[.remote(URL(string: "https://example.com/2.jpg")!)], "Kitten (3)")
        XCTAssertEqual(namesByURL[.remote(URL(string: "https://example.com/3.jpg")!)], "Kitten (2)")
        XCTAssertEqual(namesByURL[.remote(URL(string: "https://example.com/4.jpg")!)], "Kitten (2) (2)")
    }

    func testEmptyOrMissingNamesAreDerivedFromTheURLOrUntitled() throws {
        let rows: [Any] = [
            ["name": "", "url": "https://example.com/Sunset.jpg"],
            ["name": "   ", "url": "https://example.com/"],
            ["url": "https://example.com/Beach.jpg"],
            ["name": 12, "url": "https://example.com/Forest.jpg"],
            ["name": ""],
            ["url": 5],
        ]
        let names = try ManifestParser.parse(ManifestFixtures.json(rows), origin: ManifestFixtures.remote).map(\.name)
        XCTAssertEqual(names, ["Beach", "Forest", "https://example.com/", "Sunset", "Untitled 1", "Untitled 2"])
    }

    func testEmptyKeyOfADictionaryGetsADerivedNameThatStaysUnique() throws {
        let data = try ManifestFixtures.json(["": "https://example.com/Kitten.jpg", "Kitten": "https://example.com/other.jpg"])
        let entries = try ManifestParser.parse(data, origin: ManifestFixtures.remote)
        XCTAssertEqual(
            entries,
            [
                PhotoEntry(name: "Kitten", location: .remote(URL(string: "https://example.com/other.jpg")!)),
                PhotoEntry(name: "Kitten (2)", location: .remote(URL(string: "https://example.com/Kitten.jpg")!)),
            ])
    }

    func testNamesAreTrimmed() throws {
        let data = try ManifestFixtures.json(["  Kitten \n": "https://example.com/k.jpg"])
        XCTAssertEqual(try ManifestParser.parse(data, origin: ManifestFixtures.remote).map(\.name), ["Kitten"])
    }

    func testRowsAreSortedInNaturalOrder() throws {
        let names = ["Photo 10", "photo 2", "Photo 1", "apple", "Banana", "Photo 02"]
        let dictionary = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, "https://example.com/\($0).jpg") })
        let sorted = try ManifestParser.parse(ManifestFixtures.json(dictionary), origin: ManifestFixtures.remote).map(\.name)
        XCTAssertEqual(sorted, ["apple", "Banana", "Photo 1", "Photo 02", "photo 2", "Photo 10"])
    }
}

extension PhotoLocation {
    fileprivate var isInvalidForTest: Bool { isInvalid }
}
