import Dispatch
import Foundation
import SepiaImaging
import SepiaList
import SepiaPipeline
import SepiaTerminal
import XCTest

@testable import SepiaBrowser

/// Thumbnails are made once, off the store's queue, and kitty images are sent and freed.
/// On the main actor, like the code under test. Linux XCTest cannot call main-actor test
/// methods, so each test is `nonisolated` and enters the main actor (XCTest runs it on the
/// main thread) with `MainActor.assumeIsolated`; `@unchecked Sendable` lets it take `self`
/// along, which only the main actor touches.
@MainActor
final class ThumbnailStoreTests: XCTestCase, @unchecked Sendable {
    private func downloadedRecord() -> PhotoRecord {
        var record = PhotoRecord(entry: PhotoEntry(name: "Photo", location: .remote(URL(string: "http://127.0.0.1/p.jpg")!)))
        record.markDownloaded(RGBAImage(width: 80, height: 60, red: 200, green: 100, blue: 50))
        return record
    }

    /// Asks for the picture, waits until it is ready and asks again: the second answer comes
    /// from the store, not from a second scaling.
    private func readyCells(_ store: ThumbnailStore, record: PhotoRecord, ready: XCTestExpectation) -> [[Cell]]? {
        XCTAssertNil((store.cells(for: .row(3), record: record, area: BrowserLayout.thumbnailCells)))
        wait(for: [ready], timeout: 10)
        return (store.cells(for: .row(3), record: record, area: BrowserLayout.thumbnailCells))
    }

    nonisolated func testMosaicThumbnailsAreScaledOnceToTheRowsCells() throws {
        try MainActor.assumeIsolated {
            let store = ThumbnailStore(mode: .blocks)
            let ready = expectation(description: "ready")
            store.onReady = { ready.fulfill() }
            let cells = try XCTUnwrap(readyCells(store, record: downloadedRecord(), ready: ready))
            XCTAssertEqual(cells.count, BrowserLayout.rowHeight)
            XCTAssertEqual(cells[0].count, BrowserLayout.thumbnailColumns)
            XCTAssertEqual(cells[0][0].text, " ", "a uniform photo needs no symbol")
            XCTAssertEqual(cells[0][0].style.background, .rgb(RGB(200, 100, 50)))
            XCTAssertTrue((store.takePendingOutput()).isEmpty, "mosaics send nothing ahead")
        }
    }

    nonisolated func testKittyImagesAreSentBeforeTheyShowAndFreedWhenDropped() throws {
        try MainActor.assumeIsolated {
            let store = ThumbnailStore(mode: .kitty)
            let ready = expectation(description: "ready")
            store.onReady = { ready.fulfill() }
            let cells = try XCTUnwrap(readyCells(store, record: downloadedRecord(), ready: ready))
            XCTAssertTrue(cells[0][0].text.unicodeScalars.first == "\u{10EEEE}", "Unicode placeholders")
            let sent = String(decoding: (store.takePendingOutput()), as: UTF8.self)
            XCTAssertTrue(sent.hasPrefix("\u{1B}_Ga=T"), sent.prefix(40).debugDescription)
            store.keepRows(0..<2)
            let freed = String(decoding: (store.takePendingOutput()), as: UTF8.self)
            XCTAssertTrue(freed.contains("a=d"), "rows that left the screen free their images")
        }
    }

    /// Before Ctrl-Z gives the terminal back: kitty images are freed, and made again after `fg`;
    /// mosaics are text and stay.
    nonisolated func testForgettingTerminalImagesFreesKittyImagesOnly() throws {
        try MainActor.assumeIsolated {
            let kitty = ThumbnailStore(mode: .kitty)
            let kittyReady = expectation(description: "kitty ready")
            kitty.onReady = { kittyReady.fulfill() }
            XCTAssertNotNil(readyCells(kitty, record: downloadedRecord(), ready: kittyReady))
            _ = (kitty.takePendingOutput())
            kitty.forgetTerminalImages()
            let freed = String(decoding: (kitty.takePendingOutput()), as: UTF8.self)
            XCTAssertTrue(freed.contains("a=d,d=I,i=1,"), "the image is freed: \(freed.debugDescription)")
            XCTAssertNil(
                (kitty.cells(for: .row(3), record: downloadedRecord(), area: BrowserLayout.thumbnailCells)),
                "made again for the next frame")

            let blocks = ThumbnailStore(mode: .blocks)
            let blocksReady = expectation(description: "blocks ready")
            blocks.onReady = { blocksReady.fulfill() }
            XCTAssertNotNil(readyCells(blocks, record: downloadedRecord(), ready: blocksReady))
            blocks.forgetTerminalImages()
            XCTAssertTrue((blocks.takePendingOutput()).isEmpty)
            XCTAssertNotNil(
                (blocks.cells(for: .row(3), record: downloadedRecord(), area: BrowserLayout.thumbnailCells)),
                "mosaics are kept")
        }
    }

    nonisolated func testNoPictureWithoutAnImageOrWithGraphicsOff() {
        MainActor.assumeIsolated {
            let store = ThumbnailStore(mode: .none)
            XCTAssertNil((store.cells(for: .row(0), record: downloadedRecord(), area: BrowserLayout.thumbnailCells)))
            let blocks = ThumbnailStore(mode: .blocks)
            let newRecord = PhotoRecord(entry: PhotoEntry(name: "New", location: .remote(URL(string: "http://127.0.0.1/n.jpg")!)))
            XCTAssertNil((blocks.cells(for: .row(0), record: newRecord, area: BrowserLayout.thumbnailCells)))
        }
    }

    /// A terminal wider and taller than a kitty placement can be gets the largest one (this
    /// trapped in `KittyGraphics` before); an empty area gets no picture.
    nonisolated func testKittyPictureOnAHugeTerminalIsClampedToThePlacementLimit() throws {
        try MainActor.assumeIsolated {
            let store = ThumbnailStore(mode: .kitty)
            let ready = expectation(description: "ready")
            store.onReady = { ready.fulfill() }
            var record = PhotoRecord(entry: PhotoEntry(name: "Wide", location: .remote(URL(string: "http://127.0.0.1/w.jpg")!)))
            record.markDownloaded(RGBAImage(width: 400, height: 300, red: 1, green: 2, blue: 3))
            let huge = CellArea(columns: 1000, lines: 900)
            XCTAssertNil((store.cells(for: .detail, record: record, area: huge)))
            wait(for: [ready], timeout: 10)
            let cells = try XCTUnwrap((store.cells(for: .detail, record: record, area: huge)))
            XCTAssertLessThanOrEqual(cells.count, KittyGraphics.maximumCells)
            XCTAssertEqual(cells[0].count, KittyGraphics.maximumCells, "a landscape photo fills the widest placement")
            let sent = String(decoding: (store.takePendingOutput()), as: UTF8.self)
            XCTAssertTrue(sent.contains("s=400,v=300,"), "sent at its own size, for kitty to enlarge: \(sent.prefix(60))")
            XCTAssertNil((store.cells(for: .row(0), record: record, area: CellArea(columns: 0, lines: 3))))
        }
    }
}
