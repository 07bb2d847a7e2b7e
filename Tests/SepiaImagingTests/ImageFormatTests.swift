import Foundation
import XCTest

@testable import SepiaImaging

final class ImageFormatTests: XCTestCase {
    func testDetectsJPEGAndPNGFromTheirMagicNumbers() {
        XCTAssertEqual(ImageFormat(detecting: [0xFF, 0xD8, 0xFF, 0xE0, 0x00]), .jpeg)
        XCTAssertEqual(ImageFormat(detecting: Data([0xFF, 0xD8, 0xFF, 0xDB])), .jpeg)
        XCTAssertEqual(ImageFormat(detecting: PNGFileBuilder.signature + [0, 0, 0, 13]), .png)
        XCTAssertEqual(ImageFormat(detecting: Data(PNGFileBuilder.signature)), .png)
    }

    func testRejectsPartialSignaturesAndOtherData() {
        XCTAssertNil(ImageFormat(detecting: [UInt8]()))
        XCTAssertNil(ImageFormat(detecting: [0xFF, 0xD8]))
        XCTAssertNil(ImageFormat(detecting: Array(PNGFileBuilder.signature.dropLast())))
        XCTAssertNil(ImageFormat(detecting: Array("<!DOCTYPE html>".utf8)))
        XCTAssertNil(ImageFormat(detecting: Array("GIF89a".utf8)))
    }

    func testNamesForFilesAndHTTP() {
        XCTAssertEqual(ImageFormat.jpeg.fileExtension, "jpg")
        XCTAssertEqual(ImageFormat.png.mimeType, "image/png")
        XCTAssertEqual(ImageFormat.jpeg.description, "JPEG")
    }

    func testDescribesUnrecognisedData() {
        func describe(_ bytes: [UInt8]) -> String { bytes.withUnsafeBytes(UnrecognizedData.describe) }
        XCTAssertEqual(describe(Array("\u{FEFF}  \n<!DOCTYPE html><html><body>404</body></html>".utf8)), "an HTML page")
        XCTAssertEqual(describe(Array("<?xml version=\"1.0\"?><rss/>".utf8)), "XML or HTML text")
        XCTAssertEqual(describe(Array("Not Found\n".utf8)), "plain text")
        XCTAssertEqual(describe(Array("GIF89a".utf8) + [1, 0, 1, 0]), "a GIF image")
        XCTAssertEqual(describe(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)), "a WebP image")
        XCTAssertEqual(describe([0x00, 0x01, 0xFE, 0x7F, 0x80, 0x0A, 0xFF, 0x10, 0x99]), "bytes 00 01 FE 7F 80 0A FF 10")
    }
}
