import Foundation
import SepiaPipeline
import XCTest

/// 100,000-row manifests in each format parse completely and in natural order. The time is
/// printed for information only: debug builds and a shared machine make it no basis for a limit.
final class ManifestLargeTests: XCTestCase {
    private let rowCount = 100_000

    private func url(_ index: Int) -> String {
        "https://example.com/photos/\(index % 97)/Photo%20\(index).jpg"
    }

    private func parseTimed(_ data: Data, format: String) throws -> [PhotoEntry] {
        let start = ContinuousClock.now
        let entries = try ManifestParser.parse(data, origin: ManifestFixtures.remote)
        print("ManifestLargeTests: \(rowCount) rows of \(format) (\(data.count) bytes) parsed and sorted in \(ContinuousClock.now - start)")
        return entries
    }

    private func assertComplete(_ entries: [PhotoEntry], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(entries.count, rowCount, file: file, line: line)
        XCTAssertEqual(entries.first?.name, "Photo 0", file: file, line: line)
        XCTAssertEqual(entries.dropFirst().first?.name, "Photo 1", file: file, line: line)
        XCTAssertEqual(entries.last?.name, "Photo \(rowCount - 1)", file: file, line: line)
        XCTAssertEqual(entries[rowCount / 2].location, .remote(URL(string: url(rowCount / 2))!), file: file, line: line)
        XCTAssertEqual(Set(entries.map(\.name)).count, rowCount, file: file, line: line)
    }

    func testTextList() throws {
        let text = (0..<rowCount).reversed().map(url).joined(separator: "\n")
        assertComplete(try parseTimed(Data(text.utf8), format: "text"))
    }

    func testJSONArray() throws {
        let rows = (0..<rowCount).shuffled().map { ["name": "Photo \($0)", "url": url($0)] }
        assertComplete(try parseTimed(ManifestFixtures.json(rows), format: "JSON array"))
    }

    func testBinaryPropertyListDictionary() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<rowCount).map { ("Photo \($0)", url($0)) })
        assertComplete(try parseTimed(ManifestFixtures.propertyList(dictionary, format: .binary), format: "binary plist dictionary"))
    }

    func testXMLPropertyListDictionary() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<rowCount).map { ("Photo \($0)", url($0)) })
        assertComplete(try parseTimed(ManifestFixtures.propertyList(dictionary, format: .xml), format: "XML plist dictionary"))
    }
}
