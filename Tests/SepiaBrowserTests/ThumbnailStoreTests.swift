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

    /// The cells of `picture`, when it is drawn with cells.
    private func cells(_ picture: Picture?) -> [[Cell]]? {
        guard case .cells(let cells) = picture else { return nil }
        return cells
    }

    /// Asks for the picture, waits until it is ready and asks again: the second answer comes
    /// from the store, not from a second scaling.
    private func readyCells(_ store: ThumbnailStore, record: PhotoRecord, ready: XCTestExpectation) -> [[Cell]]? {
        XCTAssertNil(cells(store.picture(for: .row(3), record: record, area: BrowserLayout.thumbnailCells)))
        wait(for: [ready], timeout: 10)
        return cells(store.picture(for: .row(3), record: record, area: BrowserLayout.thumbnailCells))
    }

    nonisolated func testMosaicThumbnailsAreScaledOnceToTheRowsCells() throws {
        try MainActor.assumeIsolated {
            let store = ThumbnailStore(format: .mosaic(.quadrants), cellSize: TerminalCapabilities.fallbackCellPixels)
            let ready = expectation(description: "ready")
            store.onReady = { ready.fulfill() }
            let cells = try XCTUnwrap(readyCells(store, record: downloadedRecord(), ready: ready))
            XCTAssertEqual(cells.count, BrowserLayout.rowHeight)
            XCTAssertEqual(cells[0].count, BrowserLayout.thumbnailColumns)
            XCTAssertEqual(cells[0][0].text, " ", "a cell of one colour is a space")
            XCTAssertEqual(cells[0][0].style.background, .rgb(RGB(200, 100, 50)))
            XCTAssertTrue((store.takePendingOutput()).isEmpty, "mosaics send nothing ahead")
        }
    }

    nonisolated func testKittyImagesAreSentBeforeTheyShowAndFreedWhenDropped() throws {
        try MainActor.assumeIsolated {
            let store = ThumbnailStore(format: .kittyPlaceholders, cellSize: TerminalCapabilities.fallbackCellPixels)
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
    /// half blocks are text and stay.
    nonisolated func testForgettingTerminalImagesFreesKittyImagesOnly() {
        MainActor.assumeIsolated {
            let kitty = ThumbnailStore(format: .kittyPlaceholders, cellSize: TerminalCapabilities.fallbackCellPixels)
            let kittyReady = expectation(description: "kitty ready")
            kitty.onReady = { kittyReady.fulfill() }
            XCTAssertNotNil(readyCells(kitty, record: downloadedRecord(), ready: kittyReady))
            _ = (kitty.takePendingOutput())
            kitty.forgetTerminalImages()
            let freed = String(decoding: (kitty.takePendingOutput()), as: UTF8.self)
            XCTAssertTrue(freed.contains("a=d,d=I,i=1,"), "the image is freed: \(freed.debugDescription)")
            XCTAssertNil(
                cells(kitty.picture(for: .row(3), record: downloadedRecord(), area: BrowserLayout.thumbnailCells)),
                "made again for the next frame")

            let blocks = ThumbnailStore(format: .mosaic(.quadrants), cellSize: TerminalCapabilities.fallbackCellPixels)
            let blocksReady = expectation(description: "blocks ready")
            blocks.onReady = { blocksReady.fulfill() }
            XCTAssertNotNil(readyCells(blocks, record: downloadedRecord(), ready: blocksReady))
            blocks.forgetTerminalImages()
            XCTAssertTrue((blocks.takePendingOutput()).isEmpty)
            XCTAssertNotNil(
                cells(blocks.picture(for: .row(3), record: downloadedRecord(), area: BrowserLayout.thumbnailCells)),
                "half blocks are kept")
        }
    }

    nonisolated func testNoPictureWithoutAnImageOrWithGraphicsOff() {
        MainActor.assumeIsolated {
            let store = ThumbnailStore(format: .none, cellSize: TerminalCapabilities.fallbackCellPixels)
            XCTAssertNil(cells(store.picture(for: .row(0), record: downloadedRecord(), area: BrowserLayout.thumbnailCells)))
            let blocks = ThumbnailStore(format: .mosaic(.quadrants), cellSize: TerminalCapabilities.fallbackCellPixels)
            let newRecord = PhotoRecord(entry: PhotoEntry(name: "New", location: .remote(URL(string: "http://127.0.0.1/n.jpg")!)))
            XCTAssertNil(cells(blocks.picture(for: .row(0), record: newRecord, area: BrowserLayout.thumbnailCells)))
        }
    }

    /// A terminal wider and taller than a kitty placement can be gets the largest one (this
    /// trapped in `KittyGraphics` before); an empty area gets no picture.
    nonisolated func testKittyPictureOnAHugeTerminalIsClampedToThePlacementLimit() throws {
        try MainActor.assumeIsolated {
            let store = ThumbnailStore(format: .kittyPlaceholders, cellSize: TerminalCapabilities.fallbackCellPixels)
            let ready = expectation(description: "ready")
            store.onReady = { ready.fulfill() }
            var record = PhotoRecord(entry: PhotoEntry(name: "Wide", location: .remote(URL(string: "http://127.0.0.1/w.jpg")!)))
            record.markDownloaded(RGBAImage(width: 400, height: 300, red: 1, green: 2, blue: 3))
            let huge = CellArea(columns: 1000, lines: 900)
            XCTAssertNil(cells(store.picture(for: .detail, record: record, area: huge)))
            wait(for: [ready], timeout: 10)
            let placeholders = try XCTUnwrap(cells(store.picture(for: .detail, record: record, area: huge)))
            XCTAssertLessThanOrEqual(placeholders.count, KittyGraphics.maximumCells)
            XCTAssertEqual(placeholders[0].count, KittyGraphics.maximumCells, "a landscape photo fills the widest placement")
            let sent = String(decoding: (store.takePendingOutput()), as: UTF8.self)
            let png = sent.components(separatedBy: "\u{1B}\\").dropLast().map { $0.components(separatedBy: ";").last ?? "" }.joined()
            let image = try ImageDecoder.decode([UInt8](try XCTUnwrap(Data(base64Encoded: png)))).image
            XCTAssertEqual(image.size, PixelSize(width: 400, height: 300), "sent at its own size, for kitty to enlarge")
            XCTAssertNil(cells(store.picture(for: .row(0), record: record, area: CellArea(columns: 0, lines: 3))))
        }
    }

    /// Kitty and sixel pictures are pixel pictures for the frame renderer, scaled to the cells
    /// they cover with the terminal's cell size; nothing is sent ahead of the frame.
    nonisolated func testPixelPicturesAreMadeAtTheCellsPixelSize() {
        MainActor.assumeIsolated {
            let cellSize = PixelSize(width: 9, height: 18)
            for format in [PictureFormat.kitty, .sixel(colorRegisters: 16, largest: nil)] {
                let store = ThumbnailStore(format: format, cellSize: cellSize)
                let ready = expectation(description: "ready")
                store.onReady = { ready.fulfill() }
                XCTAssertNil(store.picture(for: .row(3), record: downloadedRecord(), area: BrowserLayout.thumbnailCells))
                wait(for: [ready], timeout: 10)
                guard
                    case .pixels(let picture) = store.picture(for: .row(3), record: downloadedRecord(), area: BrowserLayout.thumbnailCells)
                else { return XCTFail("\(format) makes a pixel picture") }
                // 80×60 fitted into 11×4 cells of 9×18 (99×72 pixels) is 96×72: 11 columns, 4 lines.
                XCTAssertEqual(picture.columns, 11, "\(format)")
                XCTAssertEqual(picture.lines, 4, "\(format)")
                switch (format, picture.drawing) {
                case (.kitty, .kitty(let transmission)):
                    let text = String(decoding: transmission, as: UTF8.self)
                    XCTAssertTrue(text.hasPrefix("\u{1B}_Ga=t,f=100,i=\(picture.id),q=2,m="), String(text.prefix(60)))
                case (.sixel, .painted(let sequence)):
                    XCTAssertTrue(String(decoding: sequence, as: UTF8.self).hasPrefix("\u{1B}P0;1;0q\"1;1;96;72"))
                default: XCTFail("\(format) made \(picture.drawing)")
                }
                XCTAssertTrue(store.takePendingOutput().isEmpty, "the frame renderer sends pixel pictures")
            }
        }
    }

    /// Mosaics keep the photo's shape on the terminal's cells, in whole cells.
    nonisolated func testAMosaicIsFittedInWholeCellsOfTheTerminalsShape() {
        let landscape = PixelSize(width: 640, height: 480)
        let tall = PixelSize(width: 10, height: 20)
        func size(_ photo: PixelSize, _ area: CellArea, _ cell: PixelSize, _ symbols: MosaicSymbols) -> PixelSize {
            ThumbnailStore.mosaicSize(of: photo, in: area, cellSize: cell, symbols: symbols)
        }
        XCTAssertEqual(size(landscape, BrowserLayout.thumbnailCells, tall, .quadrants), PixelSize(width: 22, height: 8))
        XCTAssertEqual(size(landscape, BrowserLayout.thumbnailCells, tall, .sextants), PixelSize(width: 22, height: 12))
        // 30 lines of 20 pixels are 600 high; 3:4 of that is 450 wide, 45 columns.
        XCTAssertEqual(
            size(PixelSize(width: 300, height: 400), CellArea(columns: 80, lines: 30), tall, .sextants), PixelSize(width: 90, height: 90))
        // Square cells: a 4:3 photo 4 lines high is 5 columns wide (5.33 rounded).
        XCTAssertEqual(
            size(landscape, BrowserLayout.thumbnailCells, PixelSize(width: 16, height: 16), .quadrants), PixelSize(width: 10, height: 8))
        XCTAssertEqual(
            size(PixelSize(width: 1, height: 1000), CellArea(columns: 5, lines: 1), tall, .quadrants), PixelSize(width: 2, height: 2),
            "at least a cell")
    }

    /// An animation's next frame is made off the main actor while the frame before stays
    /// shown; kitty placeholder images are freed only once the next one replaced them.
    nonisolated func testTheFrameBeforeStandsInWhileTheNextFrameIsMade() throws {
        try MainActor.assumeIsolated {
            let store = ThumbnailStore(format: .kittyPlaceholders, cellSize: TerminalCapabilities.fallbackCellPixels)
            let record = downloadedRecord()
            let area = CellArea(columns: 20, lines: 8)
            let frames = [(10, 20, 30), (200, 210, 220)].enumerated().map { index, colour in
                AnimationFrame(
                    index: index,
                    image: RGBAImage(width: 80, height: 60, red: UInt8(colour.0), green: UInt8(colour.1), blue: UInt8(colour.2)),
                    storedDuration: 100)
            }
            var ready = expectation(description: "the first frame")
            store.onReady = { ready.fulfill() }
            XCTAssertNil(store.picture(for: .detail, record: record, area: area, frame: frames[0]))
            wait(for: [ready], timeout: 10)
            let first = try XCTUnwrap(cells(store.picture(for: .detail, record: record, area: area, frame: frames[0])))
            let firstSent = String(decoding: store.takePendingOutput(), as: UTF8.self)
            XCTAssertTrue(firstSent.hasPrefix("\u{1B}_Ga=T"), firstSent.prefix(40).debugDescription)

            ready = expectation(description: "the second frame")
            XCTAssertEqual(cells(store.picture(for: .detail, record: record, area: area, frame: frames[1])), first, "the stand-in")
            XCTAssertTrue(store.takePendingOutput().isEmpty, "nothing freed while the first frame stands in")
            wait(for: [ready], timeout: 10)
            let second = try XCTUnwrap(cells(store.picture(for: .detail, record: record, area: area, frame: frames[1])))
            XCTAssertNotEqual(second, first, "a new image id")
            let sent = String(decoding: store.takePendingOutput(), as: UTF8.self)
            XCTAssertTrue(sent.hasPrefix("\u{1B}_Ga=T"), "the second frame sent first")
            XCTAssertTrue(sent.contains("\u{1B}_Ga=d"), "then the first frame's image freed: \(sent.suffix(60).debugDescription)")
        }
    }
}
