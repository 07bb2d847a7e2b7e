import Foundation
import SepiaImaging
import SepiaTestSupport
import XCTest

@testable import SepiaPipeline

/// Placeholders in manifests: the field names image APIs use, in JSON (the fast reader and
/// Foundation's) and property lists (XML and binary); bad hashes ignored with a warning, the
/// row kept.
final class ManifestPlaceholderTests: XCTestCase {
    private let origin = ManifestOrigin.remote(URL(string: "https://example.com/photos.json")!)
    private let loader = HTTPLoader()

    override func tearDown() async throws {
        await loader.shutdown()
    }
    /// Hashes made by Sepia's encoders of a small gradient: valid by construction.
    private static let picture = RGBAImage(width: 8, height: 6) { buffer in
        for index in 0..<48 {
            buffer[index * 4] = UInt8(index * 5)
            buffer[index * 4 + 1] = UInt8(255 - index * 5)
            buffer[index * 4 + 2] = 90
            buffer[index * 4 + 3] = 255
        }
    }
    private static let blurHash = BlurHashEncoder.encode(picture)
    private static let thumbHash = ThumbHashEncoder.encode(picture)
    private static let thumbHashBase64 = thumbHash.base64EncodedString()

    private func parse(_ data: Data) throws -> PhotoCollection {
        try ManifestParser.collection(data, origin: origin)
    }

    private func jsonArray(_ rows: [[String: Any]]) throws -> Data {
        try JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys])
    }

    func testEveryFieldNameGivesItsPlaceholderInJSON() throws {
        let rows: [[String: Any]] = [
            ["name": "A", "url": "a.jpg", "blurhash": Self.blurHash],
            ["name": "B", "url": "b.jpg", "blur_hash": Self.blurHash],
            ["name": "C", "url": "c.jpg", "blurHash": Self.blurHash],
            ["name": "D", "url": "d.jpg", "thumbhash": Self.thumbHashBase64],
            ["name": "E", "url": "e.jpg", "thumb_hash": Self.thumbHashBase64],
            ["name": "F", "url": "f.jpg", "thumbHash": Self.thumbHashBase64],
            ["name": "G", "url": "g.jpg"],
        ]
        let data = try jsonArray(rows)
        XCTAssertNotNil(JSONManifestReader.entries(data), "the fast reader takes string placeholders")
        let collection = try parse(data)
        let blur = PhotoPlaceholder.blurHash(Self.blurHash)
        let thumb = PhotoPlaceholder.thumbHash(Self.thumbHash)
        XCTAssertEqual(collection.entries.map(\.placeholder), [blur, blur, blur, thumb, thumb, thumb, nil])
        XCTAssertEqual(collection.ignoredPlaceholders, [])
    }

    func testTheFastReaderAndFoundationReadTheSamePlaceholders() throws {
        let json = """
            [{"name": "A", "url": "a.jpg", "blur_hash": "\(Self.blurHash)", "thumbhash": "\(Self.thumbHashBase64)"},
             {"url": "b.jpg", "thumb_hash": "not base64!", "size": [1, 2]},
             {"name": "C", "blurHash": "\(Self.blurHash)"}]
            """
        let data = Data(json.utf8)
        let fast = try XCTUnwrap(JSONManifestReader.entries(data))
        let structured = try StructuredManifest.jsonEntries(data, origin: origin)
        XCTAssertEqual(fast.map(Self.describe), structured.map(Self.describe))
        XCTAssertEqual(fast.map(Self.describe)[0], "thumbhash \(Self.thumbHashBase64); blurhash \(Self.blurHash)")
    }

    func testAPlaceholderThatIsNotTextGoesToFoundationAndIsIgnoredWithAWarning() throws {
        let data = try jsonArray([["name": "A", "url": "a.jpg", "blurhash": 42], ["name": "B", "url": "b.jpg", "thumbhash": ["x"]]])
        XCTAssertNil(JSONManifestReader.entries(data), "a placeholder that is not a string sends the document to Foundation")
        let collection = try parse(data)
        XCTAssertEqual(collection.entries.map(\.name), ["A", "B"])
        XCTAssertEqual(collection.entries.map(\.placeholder), [nil, nil])
        XCTAssertEqual(
            collection.ignoredPlaceholders,
            [
                IgnoredPlaceholder(name: "A", reason: "the \"blurhash\" is a number, not text"),
                IgnoredPlaceholder(name: "B", reason: "the \"thumbhash\" is an array, not text"),
            ])
    }

    func testBadHashesAreIgnoredWithAWarningAndTheRowStays() throws {
        let data = try jsonArray([
            ["name": "Short", "url": "s.jpg", "blurhash": String(Self.blurHash.dropLast())],
            ["name": "Odd", "url": "o.jpg", "blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdn\u{00E9}"],
            ["name": "Not base64", "url": "n.jpg", "thumbhash": "%%%"],
            ["name": "Cut", "url": "c.jpg", "thumbhash": Self.thumbHash.dropLast().base64EncodedString()],
            ["name": "Fallback", "url": "f.jpg", "thumbhash": "%%%", "blurhash": Self.blurHash],
        ])
        let collection = try parse(data)
        XCTAssertEqual(collection.entries.map(\.name), ["Cut", "Fallback", "Not base64", "Odd", "Short"])
        XCTAssertTrue(collection.entries.allSatisfy { $0.location.url != nil }, "a bad hash never fails the row")
        XCTAssertEqual(collection.entries.map(\.placeholder), [nil, .blurHash(Self.blurHash), nil, nil, nil])
        let count = Self.blurHash.count
        XCTAssertEqual(
            collection.ignoredPlaceholders,
            [
                IgnoredPlaceholder(name: "Short", reason: "The BlurHash has \(count - 1) characters where \(count) are expected."),
                IgnoredPlaceholder(name: "Odd", reason: "The BlurHash has U+E9 at character 28, which is not in its base-83 alphabet."),
                IgnoredPlaceholder(name: "Not base64", reason: "The ThumbHash is not base64 text."),
                IgnoredPlaceholder(
                    name: "Cut", reason: "The ThumbHash has \(Self.thumbHash.count - 1) bytes where \(Self.thumbHash.count) are expected."),
                IgnoredPlaceholder(name: "Fallback", reason: "The ThumbHash is not base64 text."),
            ])
        XCTAssertEqual(
            collection.ignoredPlaceholdersSummary,
            "Ignored 5 placeholders that do not decode (the rows show none); the first, of Short: The BlurHash has \(count - 1) "
                + "characters where \(count) are expected.")
    }

    func testAThumbHashWinsOverABlurHash() throws {
        let data = try jsonArray([["name": "Both", "url": "b.jpg", "blur_hash": Self.blurHash, "thumbhash": Self.thumbHashBase64]])
        XCTAssertEqual(try parse(data).entries.first?.placeholder, .thumbHash(Self.thumbHash))
    }

    func testPropertyListsCarryPlaceholdersAsTextOrThumbHashBytes() throws {
        let rows: [[String: Any]] = [
            ["name": "Text", "url": "t.jpg", "blurhash": Self.blurHash],
            ["name": "Bytes", "url": "b.jpg", "thumbhash": Self.thumbHash],
            ["name": "Base64", "url": "s.jpg", "thumb_hash": Self.thumbHashBase64],
            ["name": "Bad", "url": "x.jpg", "blur_hash": Data([1, 2])],
        ]
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let collection = try parse(ManifestFixtures.propertyList(rows, format: format))
            XCTAssertEqual(collection.entries.map(\.name), ["Bad", "Base64", "Bytes", "Text"])
            XCTAssertEqual(
                collection.entries.map(\.placeholder),
                [nil, .thumbHash(Self.thumbHash), .thumbHash(Self.thumbHash), .blurHash(Self.blurHash)])
            XCTAssertEqual(collection.ignoredPlaceholders, [IgnoredPlaceholder(name: "Bad", reason: "the \"blur_hash\" is data, not text")])
        }
    }

    func testTheSourceKeepsPlaceholdersAndWarningsAcrossManifests() async throws {
        let folder = try makeTemporaryCacheDirectory()
        let first = folder.appendingPathComponent("first.json")
        let second = folder.appendingPathComponent("second.plist")
        try jsonArray([["name": "Same", "url": "https://example.com/1.jpg", "blurhash": Self.blurHash]]).write(to: first)
        try ManifestFixtures.propertyList(
            [["name": "Same", "url": "https://example.com/2.jpg", "thumbhash": Self.thumbHash, "blurhash": "x"]], format: .xml
        ).write(to: second)
        let collection = try await PhotoSource.collection(from: [first.path, second.path], loader: loader)
        XCTAssertEqual(collection.entries.map(\.name), ["Same", "Same (2)"])
        XCTAssertEqual(collection.entries.map(\.placeholder), [.blurHash(Self.blurHash), .thumbHash(Self.thumbHash)])
        XCTAssertEqual(
            collection.ignoredPlaceholders.map(\.description), ["Same (2): The BlurHash has 1 character where 6 are expected."])
    }

    /// The placeholder fields of a raw entry, for comparing the two JSON readers.
    private static func describe(_ entry: RawManifestEntry) -> String {
        entry.placeholders.map { field in
            switch field {
            case .blurHash(let text): "blurhash \(text)"
            case .thumbHashBase64(let text): "thumbhash \(text)"
            case .thumbHashBytes(let bytes): "thumbhash bytes \(bytes.base64EncodedString())"
            case .unusable(let reason): "unusable: \(reason)"
            }
        }.joined(separator: "; ")
    }
}
