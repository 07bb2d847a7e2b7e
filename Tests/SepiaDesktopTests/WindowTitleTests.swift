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

    func testTheDemoCountsItsPhotosInFullOnly() {
        XCTAssertEqual(
            WindowTitle.demo(photoCount: 12, brokenCount: 6),
            WindowTitle(full: "Sepia demo — 12 photos, 6 broken on purpose", short: "Sepia demo"))
    }

    func testASuffixHasAFullAndAShortForm() {
        let title = WindowTitle(sources: ["/a/b"]).appending(full: " (naive: everything on the main thread)", short: " (naive)")
        XCTAssertEqual(title, WindowTitle(full: "Sepia — /a/b (naive: everything on the main thread)", short: "Sepia — b (naive)"))
    }
}
