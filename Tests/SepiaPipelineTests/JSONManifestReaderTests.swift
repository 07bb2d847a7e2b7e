import Foundation
import XCTest

@testable import SepiaPipeline

/// The JSON fast path reads what `StructuredManifest` reads, entry for entry, and gives up on
/// everything else.
final class JSONManifestReaderTests: XCTestCase {
    private func describe(_ entries: [RawManifestEntry]) -> [String] {
        entries.map { entry in
            switch entry.reference {
            case .text(let text): "\(entry.name ?? "-") -> \(text)"
            case .unusable(let reason): "\(entry.name ?? "-") !! \(reason)"
            }
        }
    }

    private func assertSameRows(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let data = Data(json.utf8)
        let fast = try XCTUnwrap(JSONManifestReader.entries(data), "the fast path reads \(json)", file: file, line: line)
        let reference = try StructuredManifest.jsonEntries(data, origin: .remote(URL(string: "https://example.com/m.json")!))
        XCTAssertEqual(describe(fast), describe(reference), json, file: file, line: line)
    }

    func testReadsTheUsualShapesAsFoundationDoes() throws {
        try assertSameRows(#"{"b": "https://x.example/2.jpg", "a": " https://x.example/1.jpg ", "C": ""}"#)
        try assertSameRows(
            #"[ "https://x.example/1.jpg", {"name": "Two", "url": "2.jpg"}, {"url": "3.jpg", "size": [1, {"x": null}], "ok": true} ]"#)
        try assertSameRows(#"[{"name": "No URL"}, {}]"#)
        try assertSameRows(#"{"esc\"aped\\ \/ \b\f\n\r\t": "\u00e9\u4e2d\ud83d\ude00", "plain é 中 😀": "x"}"#)
        try assertSameRows(#"[{"url": "a", "n": -0.5e+10}, {"url": "b", "n": 0}, {"url": "c", "n": 12.25E-3}]"#)
        try assertSameRows("  \n{}\n ")
        try assertSameRows("[]")
    }

    func testGivesUpOnWhatFoundationMustReadOrReject() {
        let others = [
            #"{"a": 1}"#, #"{"a": "x", "a": "y"}"#, #"["x", 2]"#, #"[{"url": 3}]"#, #"[{"name": 1, "url": "x"}]"#,
            #""x""#, "7", #"{"a": "x"} extra"#, #"{"a": "x",}"#, #"["x",]"#, #"{"a": "\x"}"#, #"{"a": "\ud800"}"#,
            #"[{"url": "a", "n": 01}]"#, #"[{"url": "a", "n": 1.}]"#, #"[{"url": "a", "n": tru}]"#, "{\"a\": \"\u{1}\"}",
            #"{"a": "x""#, "[", "",
        ]
        for json in others {
            XCTAssertNil(JSONManifestReader.entries(Data(json.utf8)), json)
        }
        XCTAssertNil(JSONManifestReader.entries(Data([0x5B, 0x22, 0xFF, 0x22, 0x5D])), "invalid UTF-8")
    }

    /// A parse through the fast path and one through Foundation give the same entries.
    func testTheParserGivesTheSameEntriesEitherWay() throws {
        let names = (0..<300).map { "Photo \($0 * 7 % 300)" }
        let json = "{" + names.enumerated().map { "\"\($1)\": \"https://x.example/\($0).jpg\"" }.joined(separator: ",") + "}"
        let origin = ManifestOrigin.remote(URL(string: "https://x.example/m.json")!)
        let entries = try ManifestParser.parse(Data(json.utf8), origin: origin)
        // A number among the values sends the whole document through Foundation.
        let slow = try ManifestParser.parse(Data((json.dropLast() + ", \"zz\": 1}").utf8), origin: origin)
        XCTAssertEqual(entries, Array(slow.filter { $0.name != "zz" }))
        XCTAssertEqual(entries.map(\.name), names.sorted { NaturalSortKey($0) < NaturalSortKey($1) })
    }
}
