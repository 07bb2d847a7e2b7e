import XCTest

@testable import SepiaImaging

/// GIFs whose LZW minimum code size is above GIF89a's 8 (issue 27): browsers show them, giflib
/// refuses them ("Failed to read from given file"), and Sepia decodes those up to 11 itself.
final class GIFWideLZWTests: XCTestCase {
    /// The four colours of the global table, indices 0 to 3.
    private static let colors: [(UInt8, UInt8, UInt8)] = [(200, 0, 0), (0, 150, 0), (0, 0, 100), (255, 255, 255)]

    /// A 4×2 GIF89a (GIF89a sections 17-22): the logical screen with a 4-colour global table,
    /// then one image descriptor, the minimum code size byte, `codes` packed least significant
    /// bit first in `codeWidth`-bit codes, in one data sub-block, and the trailer.
    private static func gif(minimumCodeSize: UInt8, codes: [Int], codeWidth: Int) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [4, 0, 2, 0, 0x81, 0, 0]
        for (red, green, blue) in colors { bytes += [red, green, blue] }
        bytes += [0x2C, 0, 0, 0, 0, 4, 0, 2, 0, 0, minimumCodeSize]
        var packed: [UInt8] = []
        var bits = 0
        var count = 0
        for code in codes {
            bits |= code << count
            count += codeWidth
            while count >= 8 {
                packed.append(UInt8(bits & 0xFF))
                bits >>= 8
                count -= 8
            }
        }
        if count > 0 { packed.append(UInt8(bits)) }
        return bytes + [UInt8(packed.count)] + packed + [0, 0x3B]
    }

    /// With a minimum code size of 11 the clear code is 2048, the end code 2049, the first
    /// table entry 2050, and every code is 12 bits wide. These codes give 0 1, then entry 2050
    /// ("0 1"), then 2052 while it is being made ("0 1" and its own first value: "0 1 0"),
    /// then the value 1000, which no colour table holds: 0 1 0 1 / 0 1 0 1000.
    private static let codeSize11 = gif(minimumCodeSize: 11, codes: [2048, 0, 1, 2050, 2052, 1000, 2049], codeWidth: 12)

    func testAMinimumCodeSizeOf11Decodes() throws {
        let image = try ImageDecoder.decode(Self.codeSize11).image
        XCTAssertEqual(image.size, PixelSize(width: 4, height: 2))
        let expected = [0, 1, 0, 1, 0, 1, 0, nil]
        for (offset, index) in expected.enumerated() {
            let pixel = image.pixel(x: offset % 4, y: offset / 4)
            let want = index.map { Self.colors[$0] } ?? (0, 0, 0)
            XCTAssertTrue(pixel == (want.0, want.1, want.2, 255), "pixel \(offset): \(pixel)")
        }
    }

    func testAMinimumCodeSizeOf9Decodes() throws {
        // Clear 512, end 513, entries from 514, codes 10 bits wide (the table stays far from
        // 1024 entries, where they would grow): 3 2 1 0, then 514 ("3 2") and 516 ("1 0").
        let bytes = Self.gif(minimumCodeSize: 9, codes: [512, 3, 2, 1, 0, 514, 516, 513], codeWidth: 10)
        let image = try ImageDecoder.decode(bytes).image
        let indices = [3, 2, 1, 0, 3, 2, 1, 0]
        for (offset, index) in indices.enumerated() {
            let pixel = image.pixel(x: offset % 4, y: offset / 4)
            XCTAssertTrue(pixel == (Self.colors[index].0, Self.colors[index].1, Self.colors[index].2, 255), "pixel \(offset): \(pixel)")
        }
    }

    func testLargerCodeSizesAndBadCodesAreClearErrors() {
        let tooWide = Self.gif(minimumCodeSize: 12, codes: [4096, 0, 4097], codeWidth: 13)
        XCTAssertThrowsError(try ImageDecoder.decode(tooWide)) { error in
            XCTAssertEqual(error as? ImageDecodingError, .corrupt(format: .gif, reason: "the LZW minimum code size is 12, outside 2...11"))
        }
        let unknownCode = Self.gif(minimumCodeSize: 11, codes: [2048, 0, 3000, 2049], codeWidth: 12)
        XCTAssertThrowsError(try ImageDecoder.decode(unknownCode)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError, .corrupt(format: .gif, reason: "the image data holds a code the LZW table does not hold"))
        }
        let short = Self.gif(minimumCodeSize: 11, codes: [2048, 0, 1, 2049], codeWidth: 12)
        XCTAssertThrowsError(try ImageDecoder.decode(short)) { error in
            XCTAssertEqual(error as? ImageDecodingError, .corrupt(format: .gif, reason: "the image data ends before the frame is complete"))
        }
        // The six codes the eight pixels need end in the 9th of the 11 packed bytes (byte 45).
        for length in [Self.codeSize11.count - 6, Self.codeSize11.count - 10] {
            XCTAssertThrowsError(try ImageDecoder.decode(Array(Self.codeSize11.prefix(length)))) { error in
                XCTAssertEqual(error as? ImageDecodingError, .truncated(format: .gif), "\(length) bytes")
            }
        }
    }
}
