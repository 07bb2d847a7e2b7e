import Foundation
import SepiaPipeline
import XCTest

/// Documents that cannot be used as a whole, and what their errors say.
final class ManifestErrorTests: XCTestCase {
    func testDescriptionNamesTheManifestAndTheProblem() {
        let error = ManifestError(.invalidJSON(detail: "Invalid value around line 3, column 1."), origin: ManifestFixtures.remote)
        XCTAssertEqual(
            error.description,
            "The manifest https://example.com/albums/summer/photos.json is not valid JSON: Invalid value around line 3, column 1."
        )
        XCTAssertEqual(error.localizedDescription, error.description)
        XCTAssertEqual(
            ManifestError(.empty, origin: ManifestFixtures.local).description,
            "The manifest /photos/album/manifest.plist is empty."
        )
    }

    func testInvalidJSONReportsLineAndColumn() {
        let description = assertManifestError(
            Data("{\n  \"Kitten\": \"https://example.com/k.jpg\",\n  \"Puppy\": x\n}".utf8),
            kind: .invalidJSON(detail: "Invalid value around line 3, column 12."))
        XCTAssertTrue(description.hasPrefix("The manifest https://example.com/albums/summer/photos.json is not valid JSON: "), description)
    }

    func testTruncatedJSON() {
        assertManifestError(Data("[{\"name\": \"a\"".utf8), kind: .invalidJSON(detail: "Unexpected end of file during JSON parse."))
    }

    func testInvalidXMLPropertyListReportsTheParsersMessage() {
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<string>x</strin>\n</dict>\n</plist>"
        assertManifestError(Data(text.utf8), kind: .invalidPropertyList(detail: "Close tag on line 5 does not match open tag string."))
    }

    func testDamagedBinaryPropertyList() throws {
        let data = try ManifestFixtures.propertyList(["Kitten": "https://example.com/k.jpg"], format: .binary)
        assertManifestError(
            data.prefix(data.count - 8), kind: .invalidPropertyList(detail: "the binary property list is damaged or truncated."))
    }

    /// Foundation on Linux crashes on a set in a binary property list, wherever it is; such a
    /// document is refused first. The first document is the fuzzer's own finding.
    func testBinaryPropertyListWithASetIsRefusedNotCrashedOn() throws {
        let fuzzerFinding = try XCTUnwrap(
            Data(
                base64Encoded:
                    "YnBsaXN0MDDDAQIDBAUGU0JhZFZDYXN0bGVUTGFrZSP4PwAAAAAAAF8QGWh0dHBzOi8vZXhhbXBsZS5jb20vYy5qcGdYbGFrZS5qcGcIDxMaHyhEAAAAAAAAAQEAAAAAAAAABwAAAAAAAAAAAAAAAAAAAE0="
            ))
        assertManifestError(
            fuzzerFinding,
            kind: .invalidPropertyList(detail: "object 0 of the binary property list is a set, which a manifest cannot hold."))
        let string: (String) -> [UInt8] = { [0x50 | UInt8($0.utf8.count)] + Array($0.utf8) }
        // An array holding a set of two strings, and a dictionary whose value is a set.
        assertManifestError(
            Self.binaryPropertyList(objects: [[0xA1, 1], [0xC2, 2, 3], string("a"), string("b")]),
            kind: .invalidPropertyList(detail: "object 1 of the binary property list is a set, which a manifest cannot hold."))
        assertManifestError(
            Self.binaryPropertyList(objects: [[0xD1, 1, 2], string("k"), [0xC1, 3], string("https://example.com/b.jpg")]),
            kind: .invalidPropertyList(detail: "object 2 of the binary property list is a set, which a manifest cannot hold."))
        // The same writer without a set makes a document that parses.
        let rows = try ManifestParser.parse(
            Self.binaryPropertyList(objects: [[0xD1, 1, 2], string("k"), string("https://example.com/b.jpg")]),
            origin: ManifestFixtures.remote)
        XCTAssertEqual(rows.map(\.name), ["k"])
    }

    func testBinaryPropertyListWithAnOffsetTablePastItsEndIsRefused() throws {
        var data = try ManifestFixtures.propertyList(["Kitten": "https://example.com/k.jpg"], format: .binary)
        data[data.count - 8] = 0xFF  // the offset table's position: far past the end
        assertManifestError(data, kind: .invalidPropertyList(detail: "the binary property list is damaged or truncated."))
    }

    /// A binary property list of `objects` (encoded, with one-byte references), the first one its root.
    private static func binaryPropertyList(objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = UInt64(bytes.count)
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for field in [UInt64(objects.count), 0, table] {
            bytes += withUnsafeBytes(of: field.bigEndian, Array.init)
        }
        return Data(bytes)
    }

    func testWrongRootTypes() throws {
        let description = assertManifestError(
            Data("<plist version=\"1.0\"><integer>3</integer></plist>".utf8), kind: .unexpectedRoot(found: "a number"))
        XCTAssertTrue(
            description.hasSuffix(
                "has the wrong shape: the root is a number, expected a dictionary of name → URL or an array of {name, url}."), description)
        assertManifestError(try ManifestFixtures.propertyList("just text", format: .binary), kind: .unexpectedRoot(found: "a string"))
        assertManifestError(try ManifestFixtures.propertyList(true, format: .xml), kind: .unexpectedRoot(found: "a boolean"))
        assertManifestError(try ManifestFixtures.propertyList(Date(), format: .binary), kind: .unexpectedRoot(found: "a date"))
    }

    func testHTMLPage() {
        let pages = [
            "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head></html>",
            "  <HTML><body>Sign in</body></HTML>",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"></html>",
        ]
        for page in pages {
            let description = assertManifestError(Data(page.utf8), kind: .htmlPage)
            XCTAssertTrue(description.contains("looks like an HTML page"), description)
        }
    }

    func testOtherXML() {
        assertManifestError(
            Data("<?xml version=\"1.0\"?><rss><channel/></rss>".utf8),
            kind: .unrecognizedFormat("an XML document that is not a property list"))
    }

    func testBinaryData() {
        assertManifestError(
            Data([0x00, 0x01, 0x02, 0xFE, 0xFF, 0x10, 0x20, 0x30, 0x40]),
            kind: .unrecognizedFormat("binary data starting with 00 01 02 FE FF 10 20 30"))
        assertManifestError(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00]), kind: .unrecognizedFormat("a PNG image"))
        assertManifestError(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]), kind: .unrecognizedFormat("a JPEG image"))
        assertManifestError(Data([0x1F, 0x8B, 0x08, 0x00]), kind: .unrecognizedFormat("gzip-compressed data"))
        assertManifestError(
            Data("https://example.com/a.jpg\n\u{0}\u{1}".utf8),
            kind: .unrecognizedFormat("binary data starting with 68 74 74 70 73 3A 2F 2F"))
    }

    func testEmptyDocuments() {
        assertManifestError(Data(), kind: .empty)
        assertManifestError(Data(" \n\t\r\n".utf8), kind: .empty)
        assertManifestError(Data([0xEF, 0xBB, 0xBF]), kind: .empty)
    }

    func testDocumentsWithoutRowsAreAnError() throws {
        assertManifestError(Data("[]".utf8), kind: .noEntries)
        assertManifestError(Data("{}".utf8), kind: .noEntries)
        assertManifestError(try ManifestFixtures.propertyList([String: String](), format: .binary), kind: .noEntries)
        let description = assertManifestError(Data("# nothing yet\n\n# really\n".utf8), kind: .noEntries)
        XCTAssertTrue(description.hasSuffix("lists no photos."), description)
    }

    func testTextWithoutAnyURLIsNotAManifest() {
        let description = assertManifestError(
            Data("404 page not found\n".utf8), kind: .noURLs(lineCount: 1, firstLine: "404 page not found"))
        XCTAssertTrue(
            description.hasSuffix("is text, but none of its 1 line is a URL or a file path (the first is \"404 page not found\")."),
            description)
        assertManifestError(Data("NO URL\nNO URL\n".utf8), kind: .noURLs(lineCount: 2, firstLine: "NO URL"))
        let longLine = String(repeating: "word ", count: 40)
        assertManifestError(Data(longLine.utf8), kind: .noURLs(lineCount: 1, firstLine: String(longLine.prefix(80)) + "…"))
    }

    func testTextWithSomeInvalidLinesKeepsThemAsFailedRows() throws {
        let entries = try ManifestFixtures.parse("NO URL\nhttps://example.com/a.jpg", origin: ManifestFixtures.remote)
        XCTAssertEqual(entries.count, 2)
    }

    func testOversizedDocument() {
        var data = Data("[\"https://example.com/a.jpg\"]".utf8)
        data.append(Data(repeating: 0x20, count: ManifestParser.maximumSize - data.count))
        XCTAssertEqual(try ManifestParser.parse(data, origin: ManifestFixtures.remote).count, 1, "exactly the maximum is allowed")
        data.append(0x20)
        let description = assertManifestError(
            data, kind: .tooLarge(size: ManifestParser.maximumSize + 1, limit: ManifestParser.maximumSize))
        XCTAssertTrue(description.contains("is too large: 67108865 bytes, more than the limit of 67108864 bytes."), description)
    }
}
