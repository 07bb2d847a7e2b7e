import Foundation
import SepiaPipeline
import XCTest

/// Each format and shape, told apart by content.
final class ManifestFormatTests: XCTestCase {
    private let kitten = URL(string: "https://example.com/photos/kitten.jpg")!
    private let puppy = URL(string: "https://example.com/photos/puppy.jpg")!

    /// ClassicPhotos' shape: a dictionary of name → URL string, including its "NO URL" rows.
    private var classicDictionary: [String: Any] {
        ["Kitten": kitten.absoluteString, "Puppy": puppy.absoluteString, "Broken": "NO URL"]
    }

    private var rowArray: [[String: Any]] {
        [["name": "Puppy", "url": puppy.absoluteString], ["name": "Kitten", "url": kitten.absoluteString, "size": 42]]
    }

    private func assertClassicRows(_ entries: [PhotoEntry], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(entries.map(\.name), ["Broken", "Kitten", "Puppy"], file: file, line: line)
        assertInvalidLocation(entries[0].location, reasonContaining: "\"NO URL\" is not a URL", file: file, line: line)
        XCTAssertEqual(entries[1].location, .remote(kitten), file: file, line: line)
        XCTAssertEqual(entries[2].location, .remote(puppy), file: file, line: line)
    }

    func testXMLPropertyListDictionary() throws {
        let data = try ManifestFixtures.propertyList(classicDictionary, format: .xml)
        assertClassicRows(try ManifestParser.parse(data, origin: ManifestFixtures.remote))
    }

    func testBinaryPropertyListDictionary() throws {
        let data = try ManifestFixtures.propertyList(classicDictionary, format: .binary)
        XCTAssertTrue(data.starts(with: Array("bplist".utf8)))
        assertClassicRows(try ManifestParser.parse(data, origin: ManifestFixtures.remote))
    }

    func testHandWrittenXMLPropertyList() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>Kitten</key>
                <string>https://example.com/photos/kitten.jpg</string>
                <key>Puppy</key>
                <string>https://example.com/photos/puppy.jpg</string>
                <key>Broken</key>
                <string>NO URL</string>
            </dict>
            </plist>
            """
        assertClassicRows(try ManifestFixtures.parse(text, origin: ManifestFixtures.remote))
    }

    func testPropertyListArrayOfRows() throws {
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try ManifestFixtures.propertyList(rowArray, format: format)
            let entries = try ManifestParser.parse(data, origin: ManifestFixtures.remote)
            XCTAssertEqual(
                entries, [PhotoEntry(name: "Kitten", location: .remote(kitten)), PhotoEntry(name: "Puppy", location: .remote(puppy))])
        }
    }

    func testJSONDictionary() throws {
        let data = try ManifestFixtures.json(classicDictionary)
        assertClassicRows(try ManifestParser.parse(data, origin: ManifestFixtures.remote))
    }

    func testJSONArrayOfRowsIgnoresOtherKeys() throws {
        let entries = try ManifestParser.parse(ManifestFixtures.json(rowArray), origin: ManifestFixtures.remote)
        XCTAssertEqual(
            entries, [PhotoEntry(name: "Kitten", location: .remote(kitten)), PhotoEntry(name: "Puppy", location: .remote(puppy))])
    }

    func testArrayOfPlainURLStringsNamesRowsAfterTheirFiles() throws {
        let entries = try ManifestParser.parse(
            ManifestFixtures.json([puppy.absoluteString, kitten.absoluteString]), origin: ManifestFixtures.remote)
        XCTAssertEqual(
            entries, [PhotoEntry(name: "kitten", location: .remote(kitten)), PhotoEntry(name: "puppy", location: .remote(puppy))])
    }

    func testTextListSkipsCommentsAndBlankLinesWithAnyLineEnd() throws {
        let text =
            "# holiday photos\r\n\r\n  https://example.com/photos/puppy.jpg  \n\n#https://example.com/skipped.jpg\rhttps://example.com/photos/kitten.jpg"
        let entries = try ManifestFixtures.parse(text, origin: ManifestFixtures.remote)
        XCTAssertEqual(
            entries, [PhotoEntry(name: "kitten", location: .remote(kitten)), PhotoEntry(name: "puppy", location: .remote(puppy))])
    }

    func testFormatComesFromContentNotFileName() throws {
        let jsonNamedPlist = ManifestOrigin.remote(URL(string: "https://example.com/photos.plist")!)
        let textNamedJSON = ManifestOrigin.remote(URL(string: "https://example.com/photos.json")!)
        let plistNamedText = ManifestOrigin.local(URL(fileURLWithPath: "/photos/list.txt"))

        XCTAssertEqual(try ManifestParser.parse(ManifestFixtures.json(rowArray), origin: jsonNamedPlist).count, 2)
        XCTAssertEqual(try ManifestFixtures.parse(kitten.absoluteString, origin: textNamedJSON).count, 1)
        XCTAssertEqual(
            try ManifestParser.parse(ManifestFixtures.propertyList(classicDictionary, format: .binary), origin: plistNamedText).count, 3)
    }

    func testByteOrderMarkAndLeadingWhiteSpaceAreSkipped() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        for body in [
            "\n  [\"https://example.com/photos/kitten.jpg\"]",
            "\n<plist><array><string>https://example.com/photos/kitten.jpg</string></array></plist>",
            "https://example.com/photos/kitten.jpg",
        ] {
            let entries = try ManifestParser.parse(Data(bom + Array(body.utf8)), origin: ManifestFixtures.remote)
            XCTAssertEqual(entries, [PhotoEntry(name: "kitten", location: .remote(kitten))], body)
        }
    }

    func testDataSliceWithNonZeroStartIndexParses() throws {
        let padded = Data("xxxx[\"https://example.com/photos/kitten.jpg\"]".utf8)
        let entries = try ManifestParser.parse(padded.dropFirst(4), origin: ManifestFixtures.remote)
        XCTAssertEqual(entries.map(\.location), [.remote(kitten)])
    }
}
