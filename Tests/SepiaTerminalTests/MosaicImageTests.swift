import Foundation
import SepiaDemoContent
import SepiaImaging
import XCTest

@testable import SepiaTerminal

/// Mosaics reproduce two-colour blocks exactly and photos better than half blocks.
final class MosaicImageTests: XCTestCase {
    private let ink = RGB(200, 30, 40)
    private let paper = RGB(10, 220, 90)

    /// An image of one cell whose pixel i (reading order) is `ink` where bit i of `pattern`
    /// is set and `paper` elsewhere.
    private func twoColourCell(_ pattern: Int, symbols: MosaicSymbols) -> RGBAImage {
        let size = symbols.pixelsPerCell
        var image = RGBAImage(width: size.width, height: size.height, red: 0, green: 0, blue: 0)
        for index in 0..<(size.width * size.height) {
            let color = pattern & (1 << index) != 0 ? ink : paper
            image.setPixel(x: index % size.width, y: index / size.width, red: color.red, green: color.green, blue: color.blue)
        }
        return image
    }

    /// `image` scaled up to the coverage grid without blending (each pixel becomes a block).
    private func blownUp(_ image: RGBAImage, cell: PixelSize) -> RGBAImage {
        let scaleX = SymbolCoverage.gridWidth / cell.width, scaleY = SymbolCoverage.gridHeight / cell.height
        var large = RGBAImage(width: image.width * scaleX, height: image.height * scaleY, red: 0, green: 0, blue: 0)
        for y in 0..<large.height {
            for x in 0..<large.width {
                let pixel = image.pixel(x: x / scaleX, y: y / scaleY)
                large.setPixel(x: x, y: y, red: pixel.red, green: pixel.green, blue: pixel.blue)
            }
        }
        return large
    }

    private func checkEveryPatternIsReproduced(_ symbols: MosaicSymbols, file: StaticString = #filePath, line: UInt = #line) {
        var charactersUsed = Set<String>()
        for pattern in 0..<(1 << symbols.pixelCount) {
            let image = twoColourCell(pattern, symbols: symbols)
            let cells = MosaicImage.cells(for: image, symbols: symbols)
            XCTAssertEqual(cells.map(\.count), [1], file: file, line: line)
            let drawn = SymbolCoverage.render(cells)
            XCTAssertEqual(drawn, blownUp(image, cell: symbols.pixelsPerCell), "pattern \(pattern)", file: file, line: line)
            charactersUsed.insert(cells[0][0].text)
        }
        // A pattern and its complement share a character with the colours swapped.
        XCTAssertEqual(charactersUsed.count, (1 << symbols.pixelCount) / 2, file: file, line: line)
    }

    func testEveryQuadrantPatternOfTwoColoursIsReproducedExactly() {
        checkEveryPatternIsReproduced(.quadrants)
    }

    func testEverySextantPatternOfTwoColoursIsReproducedExactly() {
        checkEveryPatternIsReproduced(.sextants)
    }

    /// Every entry of the tables, including the complements the fit never picks, covers the
    /// pixels its pattern names (checked against the characters' Unicode names).
    func testEachPatternsCharacterCoversItsPixels() {
        for symbols in MosaicSymbols.allCases {
            let cell = symbols.pixelsPerCell
            let scaleX = SymbolCoverage.gridWidth / cell.width, scaleY = SymbolCoverage.gridHeight / cell.height
            var characters = Set<String>()
            for pattern in 0..<(1 << symbols.pixelCount) {
                let character = symbols.character(for: pattern)
                characters.insert(character)
                for y in 0..<SymbolCoverage.gridHeight {
                    for x in 0..<SymbolCoverage.gridWidth {
                        let pixel = (y / scaleY) * cell.width + x / scaleX
                        XCTAssertEqual(
                            SymbolCoverage.covers(character, x: x, y: y), pattern & (1 << pixel) != 0,
                            "\(symbols) pattern \(pattern): \(character.unicodeScalars.first!.properties.name ?? "?")")
                    }
                }
            }
            XCTAssertEqual(characters.count, 1 << symbols.pixelCount, "\(symbols): one character a pattern")
        }
    }

    func testAUniformBlockIsOneColour() {
        let image = RGBAImage(width: 4, height: 6, red: 90, green: 120, blue: 150)
        for symbols in MosaicSymbols.allCases {
            for cell in MosaicImage.cells(for: image, symbols: symbols).joined() {
                XCTAssertEqual(cell.text, " ", "\(symbols)")
                XCTAssertEqual(cell.style, CellStyle(foreground: .rgb(RGB(90, 120, 150)), background: .rgb(RGB(90, 120, 150))))
            }
        }
    }

    /// Of three colours in a cell, the two close ones share a group and are averaged.
    func testThreeColoursAreSplitWhereTheErrorIsLeast() {
        var image = RGBAImage(width: 2, height: 2, red: 250, green: 250, blue: 250)
        image.setPixel(x: 0, y: 1, red: 10, green: 10, blue: 10)
        image.setPixel(x: 1, y: 1, red: 20, green: 20, blue: 20)
        let cell = MosaicImage.cells(for: image, symbols: .quadrants)[0][0]
        XCTAssertEqual(cell.text, "\u{2584}", "the lower half block")
        XCTAssertEqual(cell.style, CellStyle(foreground: .rgb(RGB(15, 15, 15)), background: .rgb(RGB(250, 250, 250))))
    }

    func testAlphaIsCompositedOverBlack() {
        let image = RGBAImage(width: 2, height: 3, red: 200, green: 100, blue: 255, alpha: 128)
        let cell = MosaicImage.cells(for: image, symbols: .sextants)[0][0]
        // 200·128/255 = 100.4, 100·128/255 = 50.2, 255·128/255 = 128.
        XCTAssertEqual(cell.style.background, .rgb(RGB(100, 50, 128)))
    }

    /// A side that is not a whole number of cells repeats its last pixels into the last cells.
    func testPartialCellsRepeatTheEdgePixels() {
        var image = RGBAImage(width: 3, height: 1, red: 0, green: 0, blue: 255)
        image.setPixel(x: 2, y: 0, red: 255, green: 0, blue: 0)
        let cells = MosaicImage.cells(for: image, symbols: .sextants)
        XCTAssertEqual(cells.map(\.count), [2])
        XCTAssertEqual(cells[0][0].style.background, .rgb(RGB(0, 0, 255)))
        XCTAssertEqual(cells[0][1], Cell(text: " ", style: CellStyle(foreground: .rgb(RGB(255, 0, 0)), background: .rgb(RGB(255, 0, 0)))))
    }

    func testPaddedRowsAreRead() {
        let pixels: [UInt8] = [
            1, 2, 3, 255, 1, 2, 3, 255, 0xEE, 0xEE, 0xEE, 0xEE,
            4, 5, 6, 255, 4, 5, 6, 255, 0xEE, 0xEE, 0xEE, 0xEE,
        ]
        let image = RGBAImage(width: 2, height: 2, bytesPerRow: 12, pixels: pixels)
        let cell = MosaicImage.cells(for: image, symbols: .quadrants)[0][0]
        XCTAssertEqual(SymbolCoverage.render([[cell]]), blownUp(image, cell: MosaicSymbols.quadrants.pixelsPerCell))
    }

    // MARK: Fidelity on photos

    /// PSNR of a picture drawn in `columns` × `rows` cells against the photo scaled to the
    /// coverage grid, for half blocks (drawn here: one pixel above another) and each mosaic.
    private func fidelity(of photo: RGBAImage, columns: Int, rows: Int) -> (halfBlocks: Double, quadrants: Double, sextants: Double) {
        let reference = photo.resized(to: PixelSize(width: columns * SymbolCoverage.gridWidth, height: rows * SymbolCoverage.gridHeight))
        let halfBlocks = blownUp(photo.resized(to: PixelSize(width: columns, height: rows * 2)), cell: PixelSize(width: 1, height: 2))
        func mosaic(_ symbols: MosaicSymbols) -> Double {
            let cell = symbols.pixelsPerCell
            let scaled = photo.resized(to: PixelSize(width: columns * cell.width, height: rows * cell.height))
            return SymbolCoverage.render(MosaicImage.cells(for: scaled, symbols: symbols)).peakSignalToNoiseRatio(against: reference)
        }
        return (halfBlocks.peakSignalToNoiseRatio(against: reference), mosaic(.quadrants), mosaic(.sextants))
    }

    /// At the same cell count, quadrants and sextants come closer to the photo than half
    /// blocks, for a row's thumbnail and for a full-screen photo; sextants closer still on
    /// average (not on every photo: where the photo's detail falls decides).
    func testMosaicsAreCloserToThePhotoThanHalfBlocks() {
        var sums = (quadrants: 0.0, sextants: 0.0)
        for seed: UInt64 in [1, 7, 42] {
            let photo = PhotoGenerator(seed: seed).render(width: 320, height: 240)
            for (columns, rows) in [(11, 4), (80, 30)] {
                let figures = fidelity(of: photo, columns: columns, rows: rows)
                print(
                    "mosaic PSNR seed \(seed) \(columns)x\(rows) cells: half blocks \(figures.halfBlocks.formatted(2)) dB, "
                        + "quadrants \(figures.quadrants.formatted(2)) dB, sextants \(figures.sextants.formatted(2)) dB")
                XCTAssertGreaterThan(figures.quadrants, figures.halfBlocks, "seed \(seed), \(columns)x\(rows)")
                XCTAssertGreaterThan(figures.sextants, figures.halfBlocks, "seed \(seed), \(columns)x\(rows)")
                sums.quadrants += figures.quadrants
                sums.sextants += figures.sextants
            }
        }
        XCTAssertGreaterThan(sums.sextants, sums.quadrants)
    }
}

extension Double {
    fileprivate func formatted(_ decimals: Int) -> String {
        String(format: "%.\(decimals)f", self)
    }
}

final class MosaicSymbolsChoiceTests: XCTestCase {
    func testSextantsOnlyWhereTheTerminalDrawsThem() {
        XCTAssertEqual(MosaicSymbols.best(for: TerminalIdentity(versionReport: "kitty(0.26.5)")), .sextants)
        XCTAssertEqual(MosaicSymbols.best(for: TerminalIdentity(versionReport: "WezTerm 20240203")), .sextants)
        XCTAssertEqual(MosaicSymbols.best(for: TerminalIdentity(versionReport: "foot(1.16.2)")), .sextants)
        XCTAssertEqual(MosaicSymbols.best(for: TerminalIdentity(versionReport: "XTerm(379)")), .quadrants)
        XCTAssertEqual(MosaicSymbols.best(for: nil), .quadrants)
    }
}
