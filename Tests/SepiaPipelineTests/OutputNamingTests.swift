import XCTest

@testable import SepiaPipeline

final class OutputNamingTests: XCTestCase {
    private func entry(_ name: String, _ url: String = "https://example.com/a.jpg") -> PhotoEntry {
        PhotoEntry(name: name, location: .remote(URL(string: url)!))
    }

    func testNamesBecomeFileNames() {
        let names = OutputNaming.fileNames(for: [entry("Big Fella"), entry("Ünïcødé 🌅")], pathExtension: "jpg")
        XCTAssertEqual(names, ["Big Fella.jpg", "Ünïcødé 🌅.jpg"])
    }

    func testNoNameCanLeaveTheFolderOrHide() {
        let hostile = ["../../etc/passwd", "/etc/shadow", "..", ".hidden", "a\u{0}b", "line\nbreak", "  ", "back\\slash"]
        let names = OutputNaming.fileNames(for: hostile.map { entry($0) }, pathExtension: "png")
        for name in names {
            XCTAssertFalse(name.contains("/"), name)
            XCTAssertFalse(name.contains("\\"), name)
            XCTAssertFalse(name.hasPrefix("."), name)
            XCTAssertFalse(name.unicodeScalars.contains { $0.properties.generalCategory == .control }, name)
            let resolved = URL(fileURLWithPath: "/out").appendingPathComponent(name).standardizedFileURL
            XCTAssertEqual(resolved.deletingLastPathComponent().path, "/out", name)
        }
        XCTAssertEqual(names[0], "_.._etc_passwd.png")
        XCTAssertTrue(names[6].hasPrefix("photo "), "blank names become \"photo\", told apart from \"..\" by a suffix")
    }

    func testOnlyCollidingNamesGetAStableSuffix() {
        let entries = [entry("Sunset", "https://a.example/1.jpg"), entry("sunset", "https://a.example/2.jpg"), entry("Dawn")]
        let names = OutputNaming.fileNames(for: entries, pathExtension: "jpg")
        XCTAssertEqual(names[2], "Dawn.jpg")
        XCTAssertNotEqual(names[0].lowercased(), names[1].lowercased())
        XCTAssertTrue(names[0].hasPrefix("Sunset ") && names[1].hasPrefix("sunset "))
        XCTAssertEqual(names, OutputNaming.fileNames(for: entries, pathExtension: "jpg"), "stable between runs")
    }

    func testLongNamesAreCut() {
        let name = OutputNaming.fileNames(for: [entry(String(repeating: "é", count: 400))], pathExtension: "jpg")[0]
        XCTAssertLessThanOrEqual(name.utf8.count, 255)
    }
}
