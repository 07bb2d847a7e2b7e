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
        XCTAssertNil(ImageFormat(detecting: Array("GIF8".utf8)))
        XCTAssertNil(ImageFormat(detecting: Array("BM is not a bitmap header".utf8)))
        XCTAssertNil(ImageFormat(detecting: Array("RIFF\0\0\0\0WAVEfmt ".utf8)))
        XCTAssertNil(ImageFormat(detecting: [0, 0, 0, 0x18] + Array("ftypisom\0\0\0\0isommp42".utf8)))
    }

    func testDamagedSignaturesStillClaimTheirFormat() {
        XCTAssertEqual(ImageFormat(claimedBy: [0xFF, 0xD8]), .jpeg)
        XCTAssertEqual(ImageFormat(claimedBy: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x0A, 0x1A, 0x0A]), .png)
        let oddBMP = Array("BM".utf8) + [0x3B, 0, 0, 0, 0, 0, 0, 0, 0x37, 0, 0, 0, 41, 0, 0, 0]
        XCTAssertNil(ImageFormat(detecting: oddBMP))
        XCTAssertEqual(ImageFormat(claimedBy: oddBMP), .bmp)
        XCTAssertEqual(ImageFormat(claimedBy: Array("GIF88a".utf8) + [1, 0, 1, 0, 0, 0, 0]), .gif)
        XCTAssertEqual(ImageFormat(claimedBy: PNGFileBuilder.signature), .png, "a whole signature is claimed too")
        // Text that starts like a format's tag is still text: a list whose first line starts "BM".
        XCTAssertNil(ImageFormat(claimedBy: Array("BMW photos/front.jpg\nBMW photos/back.jpg\n".utf8)))
        XCTAssertNil(ImageFormat(claimedBy: Array("GIF8 frames/one.gif\n".utf8)))
        XCTAssertNil(ImageFormat(claimedBy: Array("<plist version=\"1.0\">".utf8)))
    }

    func testADamagedBMPHeaderIsDecodedAsABMPThatFails() {
        let oddBMP = Array("BM".utf8) + [0x3B, 0, 0, 0, 0, 0, 0, 0, 0x37, 0, 0, 0, 41, 0, 0, 0] + [UInt8](repeating: 0, count: 41)
        XCTAssertThrowsError(try ImageDecoder.decode(oddBMP)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError,
                .corrupt(format: .bmp, reason: "the header announces an info header of 41 bytes, which no BMP version has"))
        }
    }

    func testDetectsTheWebFormatsFromTheirMagicNumbers() {
        XCTAssertEqual(ImageFormat(detecting: Array("RIFF\u{24}\0\0\0WEBPVP8 ".utf8)), .webp)
        XCTAssertEqual(ImageFormat(detecting: Array("GIF87a".utf8) + [1, 0, 1, 0]), .gif)
        XCTAssertEqual(ImageFormat(detecting: [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]), .tiff)
        XCTAssertEqual(ImageFormat(detecting: [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]), .tiff)
        let bmpHeader: [UInt8] = Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0]
        XCTAssertEqual(ImageFormat(detecting: bmpHeader), .bmp)
        func fileType(_ brands: String) -> [UInt8] {
            let box = Array("ftyp\(brands)".utf8)
            return [0, 0, 0, UInt8(box.count + 4)] + box
        }
        XCTAssertEqual(ImageFormat(detecting: fileType("avif\0\0\0\0mif1miaf")), .avif)
        XCTAssertEqual(ImageFormat(detecting: fileType("mif1\0\0\0\0mif1avif")), .avif)
        XCTAssertEqual(ImageFormat(detecting: fileType("heic\0\0\0\0mif1heic")), .heic)
        XCTAssertEqual(ImageFormat(detecting: fileType("mif1\0\0\0\0mif1")), .heic)
    }

    func testDetectsJPEGXLCodestreamsAndContainers() {
        XCTAssertEqual(ImageFormat(detecting: [0xFF, 0x0A, 0xFA, 0x1F]), .jxl)
        let container: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        XCTAssertEqual(ImageFormat(detecting: container + [0, 0, 0, 0x14] + Array("ftypjxl ".utf8)), .jxl)
        XCTAssertEqual(ImageFormat(claimedBy: container), .jxl)
        // A signature box of the wrong size, or one byte off, is no JPEG XL container; nor is
        // FF 0A's neighbour, a JPEG's SOI.
        XCTAssertNil(ImageFormat(detecting: [0, 0, 0, 0x0D] + Array(container.dropFirst(4))))
        XCTAssertNil(ImageFormat(detecting: Array(container.prefix(11)) + [0x0B]))
        XCTAssertNotEqual(ImageFormat(detecting: [0xFF, 0xD8, 0xFF, 0xE0]), .jxl)
        XCTAssertNil(ImageFormat(detecting: [0xFF]))
        XCTAssertEqual(ImageFormat.jxl.description, "JPEG XL")
        XCTAssertEqual(ImageFormat.jxl.mimeType, "image/jxl")
        XCTAssertEqual(ImageFormat.jxl.maximumDimension, 262_144)
    }

    func testNamesForFilesAndHTTP() {
        XCTAssertEqual(ImageFormat.jpeg.fileExtension, "jpg")
        XCTAssertEqual(ImageFormat.png.mimeType, "image/png")
        XCTAssertEqual(ImageFormat.jpeg.description, "JPEG")
        XCTAssertEqual(ImageFormat.webp.description, "WebP")
        XCTAssertEqual(ImageFormat.tiff.fileExtension, "tif")
        XCTAssertEqual(ImageFormat.avif.mimeType, "image/avif")
    }

    func testDescribesUnrecognisedData() {
        func describe(_ bytes: [UInt8]) -> String { bytes.withUnsafeBytes(UnrecognizedData.describe) }
        XCTAssertEqual(describe(Array("\u{FEFF}  \n<!DOCTYPE html><html><body>404</body></html>".utf8)), "an HTML page")
        XCTAssertEqual(describe(Array("<?xml version=\"1.0\"?><rss/>".utf8)), "XML or HTML text")
        XCTAssertEqual(describe(Array("Not Found\n".utf8)), "plain text")
        XCTAssertEqual(describe(Array("%PDF-1.7".utf8)), "a PDF document")
        XCTAssertEqual(describe([0, 0, 0, 0x18] + Array("ftypisom\0\0\0\0isommp42".utf8)), "an ISO media file such as an MP4 video")
        XCTAssertEqual(describe([0x00, 0x01, 0xFE, 0x7F, 0x80, 0x0A, 0xFF, 0x10, 0x99]), "bytes 00 01 FE 7F 80 0A FF 10")
    }
}
