import Foundation
import SepiaImaging
import SepiaTerminal
import XCTest

final class KittyGraphicsTests: XCTestCase {
    /// The graphics commands in `output`: each ESC _ G control ; payload ESC \ split up.
    private func commands(in output: [UInt8]) -> [(control: String, payload: String)] {
        let text = String(decoding: output, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}_G") && text.hasSuffix("\u{1B}\\"), "not a run of APC sequences")
        return text.components(separatedBy: "\u{1B}\\").dropLast().map { command in
            let body = command.dropFirst(3)
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    func testSmallImageIsOneCommandWithEveryKey() {
        let image = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let output = KittyGraphics.transmit(image, id: 7, columns: 3, rows: 2)
        let payload = Data([1, 2, 3, 4, 5, 6, 7, 8]).base64EncodedString()
        XCTAssertEqual(readable(output), readable(bytes("\u{1B}_Ga=T,f=32,s=2,v=1,i=7,U=1,c=3,r=2,q=2,m=0;\(payload)\u{1B}\\")))
    }

    func testLargeImageIsChunkedWithKeysOnlyInTheFirstChunk() throws {
        let image = RGBAImage(width: 40, height: 40) { buffer in
            for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 7) }
        }
        let output = KittyGraphics.transmit(image, id: 0x010203, columns: 10, rows: 5)
        let parts = commands(in: output)
        // 6400 pixel bytes are 8536 base64 bytes: 4096 + 4096 + 344.
        XCTAssertEqual(parts.map(\.payload.count), [4096, 4096, 344])
        XCTAssertEqual(parts[0].control, "a=T,f=32,s=40,v=40,i=66051,U=1,c=10,r=5,q=2,m=1")
        XCTAssertEqual(parts[1].control, "m=1,q=2")
        XCTAssertEqual(parts[2].control, "m=0,q=2")
        let decoded = try XCTUnwrap(Data(base64Encoded: parts.map(\.payload).joined()))
        XCTAssertEqual([UInt8](decoded), image.pixels)
    }

    func testPaddedRowsAreSentPacked() throws {
        let pixels: [UInt8] = [1, 2, 3, 4, 0, 0, 5, 6, 7, 8, 0, 0]
        let image = RGBAImage(width: 1, height: 2, bytesPerRow: 6, pixels: pixels)
        let parts = commands(in: KittyGraphics.transmit(image, id: 1, columns: 1, rows: 1))
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual([UInt8](try XCTUnwrap(Data(base64Encoded: parts[0].payload))), [1, 2, 3, 4, 5, 6, 7, 8])
    }

    func testDelete() {
        XCTAssertEqual(readable(KittyGraphics.delete(id: 42)), readable(bytes("\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\")))
    }

    func testPlaceholderCellsCarryRowColumnAndIdColour() {
        let cells = KittyGraphics.placeholderCells(id: 0x010203, columns: 3, rows: 2)
        XCTAssertEqual(cells.count, 2)
        XCTAssertEqual(cells.map(\.count), [3, 3])
        // Diacritics for 0, 1, 2 are U+0305, U+030D, U+030E.
        XCTAssertEqual(cells[0][0].text, "\u{10EEEE}\u{0305}\u{0305}")
        XCTAssertEqual(cells[0][2].text, "\u{10EEEE}\u{0305}\u{030E}")
        XCTAssertEqual(cells[1][1].text, "\u{10EEEE}\u{030D}\u{030D}")
        for cell in cells.joined() {
            XCTAssertEqual(cell.style, CellStyle(foreground: .rgb(RGB(1, 2, 3))))
        }
    }

    func testIdTopByteIsAThirdDiacritic() {
        let cell = KittyGraphics.placeholderCells(id: 0x0501_0203, columns: 1, rows: 1)[0][0]
        XCTAssertEqual(cell.text, "\u{10EEEE}\u{0305}\u{0305}\u{033D}")  // 5 is U+033D
        XCTAssertEqual(cell.style.foreground, .rgb(RGB(1, 2, 3)))
    }

    func testDiacriticTableIsKittysCombiningMarks() {
        XCTAssertEqual(KittyGraphics.maximumCells, 297)
        let row = KittyGraphics.placeholderCells(id: 1, columns: KittyGraphics.maximumCells, rows: 1)[0]
        let columnMarks = row.map { Array($0.text.unicodeScalars)[2] }
        XCTAssertEqual(columnMarks.first, "\u{0305}")
        XCTAssertEqual(columnMarks[63], "\u{0658}")
        XCTAssertEqual(columnMarks.last, "\u{1D244}")
        XCTAssertEqual(columnMarks.map(\.value), columnMarks.map(\.value).sorted(), "the table is in code point order")
        for mark in columnMarks {
            XCTAssertEqual(mark.properties.generalCategory, .nonspacingMark, "U+\(String(mark.value, radix: 16))")
            XCTAssertEqual(mark.properties.canonicalCombiningClass, .above, "U+\(String(mark.value, radix: 16))")
        }
    }

    func testPlaceholderIsOneGraphemeOneColumnWide() {
        let text = KittyGraphics.placeholderCells(id: 9, columns: 1, rows: 1)[0][0].text
        XCTAssertEqual(text.count, 1)
        var buffer = ScreenBuffer(size: TerminalSize(columns: 3, rows: 1))
        XCTAssertEqual(buffer.write(text + text, row: 0, column: 0), 2)
        XCTAssertEqual(buffer[0, 1].text, text)
    }
}

/// Direct placement: an image sent once as PNG, placed at the cursor as often as it moves.
final class KittyPlacementTests: XCTestCase {
    func testAnImageForPlacementIsSentAsAPNGOfItsPixels() throws {
        let image = RGBAImage(width: 30, height: 20, red: 10, green: 200, blue: 30)
        let text = String(decoding: KittyGraphics.transmitForPlacement(image, id: 5), as: UTF8.self)
        let commands = text.components(separatedBy: "\u{1B}\\").dropLast()
        XCTAssertTrue(commands[0].hasPrefix("\u{1B}_Ga=t,f=100,i=5,q=2,m=0;"), String(commands[0].prefix(40)))
        let payload = commands.map { $0.components(separatedBy: ";").last ?? "" }.joined()
        let png = [UInt8](try XCTUnwrap(Data(base64Encoded: payload)))
        let decoded = try ImageDecoder.decode(png).image
        XCTAssertEqual(decoded.size, image.size)
        XCTAssertEqual(decoded.pixels, image.pixels, "PNG is lossless")
    }

    func testPlacingAndDeletingEverything() {
        XCTAssertEqual(
            String(decoding: KittyGraphics.place(id: 12), as: UTF8.self), "\u{1B}_Ga=p,i=12,p=1,C=1,q=2\u{1B}\\")
        XCTAssertEqual(String(decoding: KittyGraphics.deleteAllPlaced, as: UTF8.self), "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    }
}
