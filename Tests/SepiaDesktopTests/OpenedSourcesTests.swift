import SepiaTestSupport
import XCTest

@testable import SepiaDesktop

/// What is chosen or dropped, turned into sources: paths by their bytes, URLs as given, and
/// anything else refused with a reason.
final class OpenedSourcesTests: XCTestCase {
    func testLocalFilesAreTheirPathsAndWebFilesTheirURLs() {
        let files = [
            OpenedSources.File(path: Array("/home/me/Pictures".utf8), uri: "file:///home/me/Pictures"),
            OpenedSources.File(path: Array("/home/me/a b.jpg".utf8), uri: "file:///home/me/a%20b.jpg"),
            OpenedSources.File(path: nil, uri: "https://photos.example/list.json"),
        ]
        XCTAssertEqual(
            OpenedSources.sources(of: files), .success(["/home/me/Pictures", "/home/me/a b.jpg", "https://photos.example/list.json"]))
    }

    /// A Latin-1 name is no UTF-8: its bytes travel in an escaped `file:` URL, not as text
    /// that would name another file.
    func testAPathThatIsNotUTF8KeepsItsBytes() {
        let path = Array("/photos/".utf8) + RawFileName.latin1Cafe
        XCTAssertEqual(
            OpenedSources.sources(of: [OpenedSources.File(path: path, uri: "file:///photos/caf%E9.jpg")]),
            .success(["file:///photos/caf%E9.jpg"]))
    }

    func testAFileWithNeitherPathNorWebURLIsRefused() {
        let result = OpenedSources.sources(of: [
            OpenedSources.File(path: Array("/a.jpg".utf8), uri: "file:///a.jpg"), OpenedSources.File(path: nil, uri: "sftp://host/a.jpg"),
        ])
        guard case .failure(let refusal) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(refusal.message.contains("sftp://host/a.jpg"), refusal.message)
        XCTAssertEqual(OpenedSources.sources(of: []), .failure(OpenedSources.Refusal(message: "Nothing to open was dropped.")))
    }

    /// A browser's address bar gives a URL; a file manager's text/uri-list gives `file:` URIs,
    /// CRLF-separated, with comment lines.
    func testTextIsURLsAndFileURIsOneALine() {
        XCTAssertEqual(OpenedSources.sources(ofText: "https://photos.example/list.json"), .success(["https://photos.example/list.json"]))
        XCTAssertEqual(
            OpenedSources.sources(
                ofText: "# dropped\r\nfile:///home/me/caf%C3%A9.jpg\r\nfile://localhost/srv/list.txt\r\n  http://h/x.plist \r\n"),
            .success(["/home/me/café.jpg", "/srv/list.txt", "http://h/x.plist"]))
        XCTAssertEqual(OpenedSources.sources(ofText: "file:///photos/caf%E9.jpg"), .success(["file:///photos/caf%E9.jpg"]))
    }

    func testOtherTextIsRefusedAsAWhole() {
        for text in [
            "hello", "https://photos.example/a.json\nftp://h/b.json", "file://otherhost/a.jpg", "/home/me/a.jpg", "http:///nohost", "",
        ] {
            guard case .failure = OpenedSources.sources(ofText: text) else { return XCTFail("accepted \(text.debugDescription)") }
        }
        guard case .failure(let refusal) = OpenedSources.sources(ofText: "ftp://h/b.json") else { return XCTFail() }
        XCTAssertEqual(refusal.message, "Cannot open the text dropped: “ftp://h/b.json” is not an http(s) URL or a file: URI.")
    }
}
