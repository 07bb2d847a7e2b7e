import Foundation
import XCTest

@testable import SepiaImaging

final class DecodingFailureTests: XCTestCase {
    private func decodingError(
        _ bytes: [UInt8], options: ImageDecodingOptions = ImageDecodingOptions(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> ImageDecodingError? {
        do {
            let decoded = try ImageDecoder.decode(bytes, options: options)
            XCTFail("decoded a \(decoded.image.width)×\(decoded.image.height) image", file: file, line: line)
            return nil
        } catch let error as ImageDecodingError {
            return error
        } catch {
            XCTFail("untyped error \(error)", file: file, line: line)
            return nil
        }
    }

    private static let jpeg: [UInt8] = {
        (try? ImageEncoder.encode(TestImages.smooth(width: 256, height: 192), as: .jpeg(quality: 85))) ?? []
    }()

    private static let png: [UInt8] = {
        (try? ImageEncoder.encode(TestImages.distinctPixels(width: 96, height: 64), as: .png)) ?? []
    }()

    private static let progressiveJPEG = FlatBlockJPEGBuilder(width: 64, height: 48, components: 3, progressive: true)
        .build { component, x, y in UInt8((x * 30 + y * 20 + component * 50) % 256) }

    // MARK: Not an image

    func testEmptyData() {
        XCTAssertEqual(decodingError([]), .empty)
        XCTAssertThrowsError(try ImageDecoder.decode(Data())) { XCTAssertEqual($0 as? ImageDecodingError, .empty) }
    }

    func testRandomBytes() {
        let noise = TestImages.noise(count: 4096, seed: 1)
        XCTAssertEqual(decodingError(noise), .unsupportedFormat("bytes C1 67 5E 0B B9 80 A5 75"))
    }

    func testHTMLPage() {
        let page = Array("<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head></html>\n".utf8)
        let error = decodingError(page)
        XCTAssertEqual(error, .unsupportedFormat("an HTML page"))
        XCTAssertEqual(
            error?.description,
            "The data is no image Sepia decodes; it looks like an HTML page.")
    }

    func testRandomBytesBehindTheMagicNumbers() {
        let fakeJPEG = ImageFormat.jpegSignature + TestImages.noise(count: 2000, seed: 2)
        XCTAssertEqual(decodingError(fakeJPEG), .corrupt(format: .jpeg, reason: "Unsupported JPEG process: SOF type 0xce"))
        let fakePNG = PNGFileBuilder.signature + TestImages.noise(count: 2000, seed: 3)
        XCTAssertEqual(decodingError(fakePNG), .corrupt(format: .png, reason: "PNG unsigned integer out of range"))
    }

    // MARK: Damaged JPEG

    func testTruncatedJPEGIsAnErrorByDefault() {
        let cut = Array(Self.jpeg.prefix(Self.jpeg.count * 6 / 10))
        XCTAssertEqual(decodingError(cut), .truncated(format: .jpeg))
        XCTAssertEqual(decodingError(cut, options: ImageDecodingOptions(damagePolicy: .strict)), .truncated(format: .jpeg))
    }

    func testTruncatedJPEGCanBeAcceptedWithWarnings() throws {
        let cut = Array(Self.jpeg.prefix(Self.jpeg.count * 6 / 10))
        let decoded = try ImageDecoder.decode(cut, options: ImageDecodingOptions(damagePolicy: .lenient))
        XCTAssertEqual(decoded.image.width, 256)
        XCTAssertEqual(decoded.image.height, 192)
        XCTAssertTrue(decoded.warnings.contains("Premature end of JPEG file"), "\(decoded.warnings)")
        // The top of the picture was in the data and is intact.
        let complete = try ImageDecoder.decode(Self.jpeg).image
        let top = { (image: RGBAImage) in TestImages.cropped(image, width: 256, height: 48) }
        XCTAssertEqual(top(decoded.image), top(complete))
    }

    func testJPEGCutInsideItsHeaders() {
        let cut = Array(Self.jpeg.prefix(JPEGSegments.scanDataOffset(in: Self.jpeg) - 20))
        XCTAssertEqual(decodingError(cut, options: ImageDecodingOptions(damagePolicy: .lenient)), .truncated(format: .jpeg))
    }

    /// 64 zero bytes in the middle of the entropy-coded data.
    private var jpegWithCorruptScan: [UInt8] {
        var bytes = Self.jpeg
        let scan = JPEGSegments.scanDataOffset(in: bytes)
        let middle = scan + (bytes.count - scan) / 2
        bytes.replaceSubrange(middle..<middle + 64, with: [UInt8](repeating: 0, count: 64))
        return bytes
    }

    func testCorruptScanDataIsAnErrorByDefault() {
        XCTAssertEqual(
            decodingError(jpegWithCorruptScan),
            .corrupt(format: .jpeg, reason: "Corrupt JPEG data: premature end of data segment"))
    }

    func testCorruptScanDataCanBeAcceptedWithWarnings() throws {
        let decoded = try ImageDecoder.decode(jpegWithCorruptScan, options: ImageDecodingOptions(damagePolicy: .lenient))
        XCTAssertEqual(decoded.warnings, ["Corrupt JPEG data: premature end of data segment"])
        XCTAssertEqual(decoded.image.width, 256)
    }

    /// Two stray bytes between two marker segments, before the frame header.
    private var jpegWithStrayBytes: [UInt8] {
        var bytes = Self.jpeg
        bytes.insert(contentsOf: [0x12, 0x34], at: JPEGSegments.frameHeaderOffset(in: bytes))
        return bytes
    }

    func testStrayBytesThatLeaveThePixelsIntactAreOnlyWarnings() throws {
        let decoded = try ImageDecoder.decode(jpegWithStrayBytes)
        XCTAssertEqual(decoded.warnings, ["Corrupt JPEG data: 2 extraneous bytes before marker 0xc0"])
        XCTAssertEqual(decoded.image, try ImageDecoder.decode(Self.jpeg).image)
    }

    func testStrictPolicyRefusesEveryWarning() {
        XCTAssertEqual(
            decodingError(jpegWithStrayBytes, options: ImageDecodingOptions(damagePolicy: .strict)),
            .corrupt(format: .jpeg, reason: "Corrupt JPEG data: 2 extraneous bytes before marker 0xc0")
        )
        XCTAssertEqual(
            decodingError(jpegWithCorruptScan, options: ImageDecodingOptions(damagePolicy: .strict)),
            .corrupt(format: .jpeg, reason: "Corrupt JPEG data: premature end of data segment"))
    }

    func testImpossibleJPEGHeader() {
        let empty = JPEGSegments.declaringSize(width: 0, height: 0, in: Self.jpeg)
        XCTAssertEqual(decodingError(empty), .corrupt(format: .jpeg, reason: "Empty JPEG image (DNL not supported)"))
    }

    // MARK: Damaged PNG

    /// The offset and data length of the first IDAT chunk (our encoder writes a single one).
    private func idatChunk(in png: [UInt8]) -> (offset: Int, length: Int) {
        var offset = 8
        while true {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" { return (offset, length) }
            offset += 12 + length
        }
    }

    /// The offset of the first IDAT chunk's data.
    private func idatDataOffset(in png: [UInt8]) -> Int { idatChunk(in: png).offset + 8 }

    func testTruncatedPNG() {
        let cut = Array(Self.png.prefix(idatDataOffset(in: Self.png) + 500))
        XCTAssertEqual(decodingError(cut), .truncated(format: .png))
        XCTAssertEqual(decodingError(cut, options: ImageDecodingOptions(damagePolicy: .lenient)), .truncated(format: .png))
    }

    func testPNGWithBadCRC() {
        var badData = Self.png
        let idat = idatChunk(in: badData)
        badData[idat.offset + 8 + idat.length + 3] ^= 0x01  // last byte of the IDAT CRC
        XCTAssertEqual(decodingError(badData), .corrupt(format: .png, reason: "IDAT: CRC error"))

        var badHeader = Self.png
        badHeader[29] ^= 0x80  // last byte of the IHDR CRC
        XCTAssertEqual(decodingError(badHeader), .corrupt(format: .png, reason: "IHDR: CRC error"))
    }

    func testPNGWithDamagedImageData() {
        var damaged = Self.png
        damaged[idatDataOffset(in: damaged) + 100] ^= 0x01
        // Which check trips (filter type, zlib stream) depends on the byte hit; it is libpng's word.
        guard case .corrupt(.png, let reason)? = decodingError(damaged) else { return XCTFail("not .corrupt(.png)") }
        XCTAssertFalse(reason.isEmpty)
    }

    func testPNGWithoutIENDDecodesWithAWarning() throws {
        let withoutEnd = Array(Self.png.dropLast(12))
        let decoded = try ImageDecoder.decode(withoutEnd)
        XCTAssertEqual(decoded.image, try ImageDecoder.decode(Self.png).image)
        XCTAssertEqual(decoded.warnings, ["PNG data ends early"])
        XCTAssertEqual(
            decodingError(withoutEnd, options: ImageDecodingOptions(damagePolicy: .strict)),
            .corrupt(format: .png, reason: "PNG data ends early")
        )
    }

    // MARK: Anything goes

    func testRandomlyDamagedFilesGiveImagesOrTypedErrors() {
        let originals = [Self.jpeg, Self.png, Self.progressiveJPEG]
        let policies: [ImageDecodingOptions.DamagePolicy] = [.strict, .rejectIncomplete, .lenient]
        var outcomes = (images: 0, errors: 0)
        for (index, original) in originals.enumerated() {
            let randomness = TestImages.noise(count: 4 * 200, seed: UInt64(index + 10))
            for trial in 0..<200 {
                var bytes = original
                let pick = randomness[trial * 4..<trial * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
                let position = 3 + pick % (bytes.count - 3)  // keep the magic number
                switch trial % 4 {
                case 0: bytes[position] ^= UInt8(1 << (pick % 8))
                case 1: bytes[position] = UInt8(truncatingIfNeeded: pick >> 8)
                case 2: bytes.removeSubrange(position...)
                default: bytes.insert(contentsOf: randomness.prefix(pick % 16 + 1), at: position)
                }
                do {
                    _ = try ImageDecoder.decode(bytes, options: ImageDecodingOptions(damagePolicy: policies[trial % 3]))
                    outcomes.images += 1
                } catch is ImageDecodingError {
                    outcomes.errors += 1
                } catch {
                    XCTFail("untyped error \(error)")
                }
            }
        }
        XCTAssertEqual(outcomes.images + outcomes.errors, 600)
        XCTAssertGreaterThan(outcomes.images, 100, "small damage in scan data still decodes")
        XCTAssertGreaterThan(outcomes.errors, 100)
    }

    // MARK: Messages

    func testEveryErrorReadsAsASentence() {
        let errors: [ImageDecodingError] = [
            .empty, .unsupportedFormat("a PDF document"), .tooLarge(width: 60000, height: 60000, limit: 100_000_000),
            .truncated(format: .png), .corrupt(format: .jpeg, reason: "Bogus marker length"), .outOfMemory,
        ]
        for error in errors {
            XCTAssertTrue(error.description.hasPrefix("The") || error.description.hasPrefix("There"), error.description)
            XCTAssertTrue(error.description.hasSuffix("."), error.description)
            XCTAssertEqual(error.localizedDescription, error.description)
        }
        XCTAssertEqual(
            ImageDecodingError.tooLarge(width: 60000, height: 60000, limit: 100_000_000).description,
            "The image is 60000×60000 pixels, more than the limit of 100000000 pixels.")
        XCTAssertEqual(
            ImageDecodingError.corrupt(format: .jpeg, reason: "Bogus marker length").description,
            "The JPEG data is corrupt: Bogus marker length.")
    }
}
