import XCTest

@testable import SepiaDesktop

/// The window's title names each source in full; the header bar's only by its last part.
final class WindowTitleTests: XCTestCase {
    func testPathsAreNamedByTheirLastComponent() {
        let title = WindowTitle(sources: ["/home/me/Pictures/", "/tmp/list.plist", "/"])
        XCTAssertEqual(title.full, "Sepia — /home/me/Pictures/ /tmp/list.plist /")
        XCTAssertEqual(title.short, "Sepia — Pictures, list.plist, /")
    }

    func testURLsAreNamedByTheirFileOrElseTheirHost() {
        let title = WindowTitle(sources: ["https://photos.example/a/list.json?page=2", "http://photos.example/"])
        XCTAssertEqual(title.short, "Sepia — list.json, photos.example")
        XCTAssertEqual(title.full, "Sepia — https://photos.example/a/list.json?page=2 http://photos.example/")
    }

    func testASuffixFollowsBothForms() {
        let title = WindowTitle.demo.appending(" — 12 photos")
        XCTAssertEqual(title, WindowTitle(full: "Sepia demo — 12 photos", short: "Sepia demo — 12 photos"))
    }
}
