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

    /// "Report" and "report" collide and get suffixes; the suffix the first gets makes
    /// "Report dc731d", which a third row already is: two rows were written to one file.
    func testASuffixedNameNeverMeetsAnotherRowsName() {
        let url = "https://example.com/a.jpg"
        let first = OutputNaming.fileNames(for: [entry("Report", url), entry("report", url)], pathExtension: "jpg")
        let taken = String(first[0].dropLast(".jpg".count))
        XCTAssertTrue(taken.hasPrefix("Report "), taken)
        let entries = [entry("Report", url), entry("report", url), entry(taken, url)]
        let names = OutputNaming.fileNames(for: entries, pathExtension: "jpg")
        XCTAssertEqual(Set(names.map { $0.lowercased() }).count, 3, "\(names)")
        XCTAssertEqual(names[2], "\(taken).jpg", "a name that collides with no stem keeps its text (and its shard)")
        XCTAssertEqual(names[1], first[1], "a suffix that meets no name is the one it always was")
    }

    func testRowsWithTheSameNameAndLocationGetFilesOfTheirOwn() {
        let names = OutputNaming.fileNames(for: Array(repeating: entry("Twin"), count: 3), pathExtension: "png")
        XCTAssertEqual(Set(names).count, 3, "\(names)")
        XCTAssertEqual(names, OutputNaming.fileNames(for: Array(repeating: entry("Twin"), count: 3), pathExtension: "png"))
    }

    func testNamesAreComparedCaseFoldedAndNormalised() {
        let composed = entry("\u{DC}ber", "https://a.example/1.jpg")  // Ü as one code point
        let decomposed = entry("U\u{308}ber", "https://a.example/2.jpg")  // U and a combining diaeresis
        let lower = entry("\u{FC}ber", "https://a.example/3.jpg")
        let names = OutputNaming.fileNames(for: [composed, decomposed, lower, entry("Other")], pathExtension: "jpg")
        XCTAssertTrue(
            names[0].hasPrefix("\u{DC}ber ") && names[1].hasPrefix("U\u{308}ber ") && names[2].hasPrefix("\u{FC}ber "), "\(names)")
        XCTAssertEqual(Set(names.map { $0.lowercased().precomposedStringWithCanonicalMapping }).count, 4, "\(names)")
        XCTAssertEqual(names[3], "Other.jpg")
    }

    func testARestrictedNamingKeepsEveryRowsName() {
        let url = "https://example.com/a.jpg"
        let entries = [entry("Report", url), entry("Dawn"), entry("report", url), entry("Dusk")]
        let naming = OutputNaming(entries: entries, pathExtension: "jpg")
        let part = naming.restricted(to: [2, 3])
        XCTAssertEqual([part.fileName(at: 0), part.fileName(at: 1)], [naming.fileName(at: 2), naming.fileName(at: 3)])
    }

    func testWhitespaceIsTrimmedAsFoundationTrimsIt() {
        let texts = [
            "", " ", "\t\t", "plain", "  both  ", "\tlead", "trail\u{3000}", "\u{A0}no-break\u{202F}", "in side",
            "\u{2003}em\u{2009}", "line\nend\n", "\u{1680}ogham", " \u{301}mark", "🌅 ", "\u{200B}zero-width\u{200B}",
        ]
        for text in texts {
            XCTAssertEqual(
                OutputNaming.trimmingWhitespace(text), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
        }
        for value in 0...0xFFFF {  // Foundation's white space and Unicode's Zs all lie in the BMP
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)x\(scalar)"
            guard OutputNaming.trimmingWhitespace(text) != text.trimmingCharacters(in: .whitespaces) else { continue }
            XCTFail("U+\(String(value, radix: 16, uppercase: true)) is trimmed differently")
        }
    }

    /// Printable ASCII names, most names, are taken as they are; the edges that still need the
    /// general rules (white space at an end, a leading dot, separators, control characters,
    /// length) go through them.
    func testAsciiNamesAtTheEdgesOfTheShortPath() {
        let expected = [
            "Big Fella.jpg": "Big Fella", "photo.JPEG": "photo", "notes.txt": "notes.txt", "x .jpg": "x", " lead": "lead",
            "trail ": "trail", ".dot": "dot", "a/b": "a_b", "tab\there": "tab_here", "del\u{7F}": "del_",
            "~!@#$%^&()_+={}[];',`": "~!@#$%^&()_+={}[];',`", String(repeating: "a", count: 200): String(repeating: "a", count: 200),
            String(repeating: "b", count: 201): String(repeating: "b", count: 200), ".jpg": "jpg",
        ]
        for (name, stem) in expected {
            XCTAssertEqual(OutputNaming.safeStem(name), stem, name.debugDescription)
        }
    }

    func testLongNamesAreCut() {
        let name = OutputNaming.fileNames(for: [entry(String(repeating: "é", count: 400))], pathExtension: "jpg")[0]
        XCTAssertLessThanOrEqual(name.utf8.count, 255)
    }
}
