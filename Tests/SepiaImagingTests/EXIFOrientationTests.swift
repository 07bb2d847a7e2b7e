import XCTest

@testable import SepiaImaging

final class EXIFOrientationTests: XCTestCase {
    private func parse(_ tiff: [UInt8]) -> EXIFOrientation? {
        tiff.withUnsafeBytes { EXIFOrientation(exifTIFF: $0) }
    }

    func testReadsAllEightValuesInBothByteOrders() {
        for bigEndian in [false, true] {
            for value in 1...8 {
                let tiff = JPEGSegments.exifTIFF(orientation: value, bigEndian: bigEndian)
                XCTAssertEqual(parse(tiff)?.rawValue, value, "value \(value), big-endian \(bigEndian)")
            }
        }
    }

    func testOnlyOrientationsFiveToEightSwapSides() {
        XCTAssertEqual(EXIFOrientation.allCases.filter(\.swapsDimensions), [.leftMirrored, .right, .rightMirrored, .left])
    }

    func testIgnoresValuesOutsideOneToEight() {
        XCTAssertNil(parse(JPEGSegments.exifTIFF(orientation: 0, bigEndian: false)))
        XCTAssertNil(parse(JPEGSegments.exifTIFF(orientation: 9, bigEndian: true)))
        XCTAssertNil(parse(JPEGSegments.exifTIFF(orientation: 0x0600, bigEndian: false)))
    }

    func testIgnoresMalformedStructures() {
        let good = JPEGSegments.exifTIFF(orientation: 6, bigEndian: false)
        XCTAssertNil(parse([]))
        XCTAssertNil(parse(Array(good.prefix(7))), "shorter than a TIFF header")
        XCTAssertNil(parse([0x49, 0x4D] + good.dropFirst(2)), "mixed byte order mark")
        XCTAssertNil(parse(Array(good.prefix(2)) + [43, 0] + good.dropFirst(4)), "magic number is not 42")

        var outOfRange = good
        outOfRange.replaceSubrange(4..<8, with: [0xF0, 0xFF, 0xFF, 0xFF])
        XCTAssertNil(parse(outOfRange), "IFD0 offset past the end")

        var justPastEnd = good
        justPastEnd.replaceSubrange(4..<8, with: [UInt8(good.count - 1), 0, 0, 0])
        XCTAssertNil(parse(justPastEnd), "entry count straddles the end")

        // Cut in the middle of the Orientation entry (header 8 + count 2 + first entry 12 + 5).
        XCTAssertNil(parse(Array(good.prefix(27))), "truncated IFD")

        var hugeCount = Array(good.prefix(22))
        hugeCount.replaceSubrange(8..<10, with: [0xFF, 0xFF])
        XCTAssertNil(parse(hugeCount), "entry count larger than the data")

        var wrongType = good
        wrongType[24] = 4  // LONG instead of SHORT
        XCTAssertNil(parse(wrongType))

        var wrongCount = good
        wrongCount[26] = 2
        XCTAssertNil(parse(wrongCount))

        var otherTag = good
        otherTag[22] = 0x13  // 0x0113 is not Orientation
        XCTAssertNil(parse(otherTag))
    }

    func testMalformedEXIFInAJPEGIsIgnored() throws {
        let plain = try ImageEncoder.encode(TestImages.smooth(width: 24, height: 16), as: .jpeg())
        let broken = JPEGSegments.exifTIFF(orientation: 6, bigEndian: true).prefix(25)
        let tagged = JPEGSegments.inserting(JPEGSegments.exifSegment(tiff: Array(broken)), into: plain)
        let decoded = try ImageDecoder.decode(tagged)
        XCTAssertEqual(decoded.orientation, .up)
        XCTAssertEqual(decoded.image, try ImageDecoder.decode(plain).image)
    }

    func testNonEXIFAPP1SegmentsAreIgnored() throws {
        let plain = try ImageEncoder.encode(TestImages.smooth(width: 24, height: 16), as: .jpeg())
        let xmpBody = Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8)
        let length = xmpBody.count + 2
        let xmp: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + xmpBody
        let exif = JPEGSegments.exifSegment(tiff: JPEGSegments.exifTIFF(orientation: 3, bigEndian: false))
        let decoded = try ImageDecoder.decode(JPEGSegments.inserting(xmp + exif, into: plain))
        XCTAssertEqual(decoded.orientation, .down, "the EXIF segment after an XMP one is still found")
    }
}
