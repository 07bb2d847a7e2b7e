import Foundation
import SepiaImaging
import SepiaTerminal
import XCTest

/// The OSC 1337 `File=` sequence, checked against iTerm2's Inline Images Protocol by hand.
final class ITermInlineImageTests: XCTestCase {
    private func photo() -> RGBAImage {
        var image = RGBAImage(width: 5, height: 3, red: 10, green: 20, blue: 30)
        image.setPixel(x: 4, y: 2, red: 250, green: 128, blue: 0, alpha: 200)
        return image
    }

    /// Splits a sequence into its keys and its payload, failing unless it is
    /// ESC ] 1337 ; File = keys : payload BEL with nothing else around.
    private func parts(of bytes: [UInt8]) throws -> (keys: String, payload: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let prefix = "\u{1B}]1337;File="
        XCTAssertTrue(text.hasPrefix(prefix), text.prefix(20).debugDescription)
        XCTAssertEqual(bytes.last, 0x07, "ends with BEL")
        XCTAssertEqual(bytes.filter { $0 == 0x1B }.count, 1, "one escape sequence, not ended early")
        let body = text.dropFirst(prefix.count).dropLast()
        let colon = try XCTUnwrap(body.firstIndex(of: ":"))
        return (String(body[..<colon]), String(body[body.index(after: colon)...]))
    }

    func testTheSequenceCarriesTheKeysInOrder() throws {
        let image = photo()
        let bytes = try ITermInlineImage.sequence(for: image, columns: 11, rows: 4)
        let png = try ImageEncoder.encode(image, as: .png)
        let expected =
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=11;height=4;preserveAspectRatio=1;doNotMoveCursor=1:"
            + Data(png).base64EncodedString() + "\u{07}"
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
    }

    func testThePayloadIsAPNGOfTheImageAndSizeCountsItsBytes() throws {
        let image = photo()
        let (keys, payload) = try parts(of: try ITermInlineImage.sequence(for: image, columns: 3, rows: 2))
        XCTAssertNil(payload.firstIndex { $0 == "\n" || $0 == "\r" }, "base64 in one line")
        let file = try XCTUnwrap(Data(base64Encoded: payload), "the payload is base64")
        let decoded = try ImageDecoder.decode(file)
        XCTAssertEqual(decoded.format, .png)
        XCTAssertEqual(decoded.image, image, "PNG is lossless, alpha included")
        let values = Dictionary(
            uniqueKeysWithValues: keys.split(separator: ";").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            })
        XCTAssertEqual(values["size"], String(file.count), "size is the file's bytes, not the base64's")
        XCTAssertEqual(values["width"], "3")
        XCTAssertEqual(values["height"], "2")
        XCTAssertEqual(values["inline"], "1")
    }
}
