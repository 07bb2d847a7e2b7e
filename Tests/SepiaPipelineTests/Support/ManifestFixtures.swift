import Foundation
import SepiaPipeline
import XCTest

/// Origins and encoders for manifest tests.
enum ManifestFixtures {
    /// A manifest read from disk, at a path that need not exist (the parser never opens files).
    static let local = ManifestOrigin.local(URL(fileURLWithPath: "/photos/album/manifest.plist"))
    /// A manifest fetched over https.
    static let remote = ManifestOrigin.remote(URL(string: "https://example.com/albums/summer/photos.json")!)

    /// Parses `text` as a manifest's bytes.
    static func parse(_ text: String, origin: ManifestOrigin = local) throws -> [PhotoEntry] {
        try ManifestParser.parse(Data(text.utf8), origin: origin)
    }

    /// Encodes `object` as a property list in `format`.
    static func propertyList(_ object: Any, format: PropertyListSerialization.PropertyListFormat) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
    }

    /// Encodes `object` as JSON.
    static func json(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }

    /// The location of the only row of the manifest `[{"name": "Row", "url": value}]`.
    static func location(of value: Any, origin: ManifestOrigin = local) throws -> PhotoLocation {
        let entries = try ManifestParser.parse(json([["name": "Row", "url": value]]), origin: origin)
        XCTAssertEqual(entries.map(\.name), ["Row"])
        return try XCTUnwrap(entries.first).location
    }
}

/// Asserts that `location` is invalid with a reason that contains `fragment`.
func assertInvalidLocation(
    _ location: PhotoLocation, reasonContaining fragment: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let reason = location.invalidReason else {
        return XCTFail("expected an invalid location, got \(location)", file: file, line: line)
    }
    XCTAssertTrue(reason.contains(fragment), "reason \"\(reason)\" does not contain \"\(fragment)\"", file: file, line: line)
}

/// Asserts that parsing `data` throws a `ManifestError` of `kind` for `origin`, and returns its description.
@discardableResult
func assertManifestError(
    _ data: Data, origin: ManifestOrigin = ManifestFixtures.remote, kind: ManifestError.Kind,
    file: StaticString = #filePath, line: UInt = #line
) -> String {
    do {
        let entries = try ManifestParser.parse(data, origin: origin)
        XCTFail("expected \(kind), got \(entries.count) entries", file: file, line: line)
    } catch let error as ManifestError {
        XCTAssertEqual(error.kind, kind, file: file, line: line)
        XCTAssertEqual(error.origin, origin, file: file, line: line)
        return error.description
    } catch {
        XCTFail("expected a ManifestError, got \(error)", file: file, line: line)
    }
    return ""
}
