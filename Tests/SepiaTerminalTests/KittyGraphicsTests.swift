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

    /// The pixels of the PNG file a run of commands carries.
    private func sentPixels(_ parts: [(control: String, payload: String)]) throws -> [UInt8] {
        let png = try XCTUnwrap(Data(base64Encoded: parts.map(\.payload).joined()))
        return try ImageDecoder.decode(png).image.pixels
    }

    func testSmallImageIsOneCommandWithEveryKeyAndAPNG() throws {
        let image = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let parts = commands(in: KittyGraphics.transmit(image, id: 7, columns: 3, rows: 2))
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual(parts[0].control, "a=T,f=100,i=7,U=1,c=3,r=2,q=2,m=0")
        XCTAssertEqual(try sentPixels(parts), image.pixels)
    }

    func testLargeImageIsChunkedWithKeysOnlyInTheFirstChunk() throws {
        var state: UInt32 = 12345
        let image = RGBAImage(width: 64, height: 64) { buffer in
            for index in buffer.indices {
                state = state &* 1_664_525 &+ 1_013_904_223  // noise, which PNG cannot shrink
                buffer[index] = index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 24)
            }
        }
        let parts = commands(in: KittyGraphics.transmit(image, id: 0x010203, columns: 10, rows: 5))
        XCTAssertGreaterThan(parts.count, 2)
        XCTAssertTrue(parts.dropLast().allSatisfy { $0.payload.count == 4096 }, "full chunks but the last")
        XCTAssertEqual(parts[0].control, "a=T,f=100,i=66051,U=1,c=10,r=5,q=2,m=1")
        XCTAssertTrue(parts.dropFirst().dropLast().allSatisfy { $0.control == "m=1,q=2" })
        XCTAssertEqual(parts.last?.control, "m=0,q=2")
        XCTAssertEqual(try sentPixels(parts), image.pixels)
    }

    func testPaddedRowsAreSentPacked() throws {
        let pixels: [UInt8] = [1, 2, 3, 4, 0, 0, 5, 6, 7, 8, 0, 0]
        let image = RGBAImage(width: 1, height: 2, bytesPerRow: 6, pixels: pixels)
        let parts = commands(in: KittyGraphics.transmit(image, id: 1, columns: 1, rows: 1))
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual(try sentPixels(parts), [1, 2, 3, 4, 5, 6, 7, 8])
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
