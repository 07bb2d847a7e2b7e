import SepiaImaging
import SepiaTerminal
import XCTest

final class HalfBlockImageTests: XCTestCase {
    func testTwoByFourImageGivesTwoRowsOfTwoCells() {
        // Rows of pixels, left to right.
        let pixels: [[UInt8]] = [
            [10, 20, 30, 255], [40, 50, 60, 255],
            [70, 80, 90, 255], [100, 110, 120, 255],
            [130, 140, 150, 255], [160, 170, 180, 255],
            [190, 200, 210, 255], [220, 230, 240, 255],
        ]
        let image = RGBAImage(width: 2, height: 4, pixels: pixels.flatMap { $0 })
        let cells = HalfBlockImage.cells(for: image)
        XCTAssertEqual(cells.count, 2)
        XCTAssertEqual(cells.map(\.count), [2, 2])
        func block(_ upper: RGB, _ lower: RGB) -> Cell {
            Cell(text: "\u{2580}", style: CellStyle(foreground: .rgb(upper), background: .rgb(lower)))
        }
        XCTAssertEqual(cells[0][0], block(RGB(10, 20, 30), RGB(70, 80, 90)))
        XCTAssertEqual(cells[0][1], block(RGB(40, 50, 60), RGB(100, 110, 120)))
        XCTAssertEqual(cells[1][0], block(RGB(130, 140, 150), RGB(190, 200, 210)))
        XCTAssertEqual(cells[1][1], block(RGB(160, 170, 180), RGB(220, 230, 240)))
    }

    func testOddHeightLeavesTheLastLowerHalfOnTheDefaultBackground() {
        let image = RGBAImage(width: 1, height: 3, red: 9, green: 8, blue: 7)
        let cells = HalfBlockImage.cells(for: image)
        XCTAssertEqual(cells.count, 2)
        XCTAssertEqual(cells[1][0].style, CellStyle(foreground: .rgb(RGB(9, 8, 7)), background: .terminalDefault))
    }

    func testAlphaIsCompositedOverBlack() {
        var image = RGBAImage(width: 1, height: 2, red: 200, green: 100, blue: 255, alpha: 128)
        image.setPixel(x: 0, y: 1, red: 255, green: 255, blue: 255, alpha: 0)
        let cell = HalfBlockImage.cells(for: image)[0][0]
        // 200·128/255 = 100.4, 100·128/255 = 50.2, 255·128/255 = 128.
        XCTAssertEqual(cell.style.foreground, .rgb(RGB(100, 50, 128)))
        XCTAssertEqual(cell.style.background, .rgb(RGB(0, 0, 0)))
    }

    func testPaddedRowsAreRead() {
        let pixels: [UInt8] = [1, 2, 3, 255, 0xEE, 0xEE, 0xEE, 0xEE, 4, 5, 6, 255, 0xEE, 0xEE, 0xEE, 0xEE]
        let image = RGBAImage(width: 1, height: 2, bytesPerRow: 8, pixels: pixels)
        XCTAssertEqual(
            HalfBlockImage.cells(for: image)[0][0].style, CellStyle(foreground: .rgb(RGB(1, 2, 3)), background: .rgb(RGB(4, 5, 6))))
    }
}
