import Foundation
import SepiaOperations
import SepiaSystem
import XCTest

@testable import SepiaImaging

final class PixelLimitTests: XCTestCase {

    /// A real 16×16 JPEG whose frame header announces 60000 × 60000 pixels.
    private var hugeJPEG: [UInt8] {
        get throws {
            let small = try ImageEncoder.encode(TestImages.smooth(width: 16, height: 16), as: .jpeg())
            return JPEGSegments.declaringSize(width: 60000, height: 60000, in: small)
        }
    }

    /// A PNG whose IHDR announces 100000 × 100000 RGBA pixels, followed by a few rows of data.
    private var hugePNG: [UInt8] {
        let header = PNGFileBuilder.uint32(100_000) + PNGFileBuilder.uint32(100_000) + [8, 6, 0, 0, 0]
        return PNGFileBuilder.signature + PNGFileBuilder.chunk("IHDR", header)
            + PNGFileBuilder.chunk("IDAT", PNGFileBuilder.zlibStored([UInt8](repeating: 0, count: 1000)))
            + PNGFileBuilder.chunk("IEND", [])
    }

    /// The 126-byte TIFF of issue 27: a 1-bit grey image of 4,294,967,295 × 2,147,483,649 pixels
    /// in one 16-byte strip (RowsPerStrip 2³² − 1, TIFF's default: every row). libtiff opens it;
    /// width × height overflows an `Int` (about 2⁶³), and the pixel limit's product trapped,
    /// killing the process (exit 132) and the batch with it. Header (8 bytes), the strip (16),
    /// then the IFD: a count, 8 entries of 12 bytes, the next offset (102). The fuzz corpus holds
    /// the same bytes as `overflowing-size.tif`.
    static var overflowingTIFF: [UInt8] {
        let height: UInt32 = 0x8000_0001
        return TIFFFileBuilder.build(
            entries: [
                .long(256, 0xFFFF_FFFF), .long(257, height), .short(258, 1), .short(259, 1), .short(262, 1),
                .long(273, 8), .long(278, 0xFFFF_FFFF), .long(279, 16),
            ],
            body: [UInt8](repeating: 0, count: 16))
    }

    func testSizesWhoseProductOverflowsAreRefusedNotTrapped() {
        XCTAssertEqual(Self.overflowingTIFF.count, 126)
        XCTAssertThrowsError(try ImageDecoder.decode(Self.overflowingTIFF)) { error in
            XCTAssertEqual(
                error as? ImageDecodingError, .tooLarge(width: 4_294_967_295, height: 2_147_483_649, limit: 100_000_000))
        }
        // Whatever the limit: the bytes of the image would not fit in an Int.
        XCTAssertThrowsError(try ImageDecoder.decode(Self.overflowingTIFF, options: ImageDecodingOptions(pixelLimit: .max))) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 4_294_967_295, height: 2_147_483_649, limit: .max))
        }
        // A progressive JPEG's coefficient budget, pixelLimit × 4 bytes, saturates too.
        let progressive = FlatBlockJPEGBuilder(width: 8, height: 8, components: 3, progressive: true).build { _, _, _ in 128 }
        XCTAssertNoThrow(try ImageDecoder.decode(progressive, options: ImageDecodingOptions(pixelLimit: .max)))
        XCTAssertEqual(ImageDecodingOptions(pixelLimit: .max).byteLimit(bytesPerPixel: 8), .max)
        XCTAssertEqual(ImageDecodingOptions(pixelLimit: -1).byteLimit(bytesPerPixel: 8), 0)
        XCTAssertNil(PixelSize(width: 1 << 31, height: 1 << 31).rgbaByteCount)
        XCTAssertNil(PixelSize(width: -1, height: 1).rgbaByteCount)
        XCTAssertEqual(PixelSize(width: 1 << 30, height: 1 << 30).rgbaByteCount, 1 << 62)
    }

    func testAspectFitOfHugeSizesDoesNotOverflow() {
        XCTAssertEqual(
            PixelSize(width: 1 << 50, height: 1 << 49).aspectFit(in: PixelSize(square: 1 << 40)),
            PixelSize(width: 1 << 40, height: 1 << 39))
        XCTAssertEqual(
            PixelSize(width: 3, height: 2).aspectFit(in: PixelSize(width: .max, height: 1 << 62), allowUpscaling: true),
            PixelSize(width: 3 << 61, height: 1 << 62))
    }

    func testJPEGAnnouncingAHugeImageIsRefused() throws {
        XCTAssertThrowsError(try ImageDecoder.decode(try hugeJPEG)) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 60000, height: 60000, limit: 100_000_000))
        }
    }

    func testPNGAnnouncingAHugeImageIsRefused() {
        XCTAssertThrowsError(try ImageDecoder.decode(hugePNG)) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 100_000, height: 100_000, limit: 100_000_000))
        }
    }

    func testRefusalsHappenBeforeAnyLargeAllocation() throws {
        guard let peakBefore = ResidentMemory.resetPeak() else { throw XCTSkip("needs /proc/self/clear_refs") }
        XCTAssertThrowsError(try ImageDecoder.decode(try hugeJPEG))
        XCTAssertThrowsError(try ImageDecoder.decode(hugePNG))
        let growth = (ResidentMemory.peak() ?? .max) - peakBefore
        XCTAssertLessThan(growth, 32 << 20, "peak resident memory grew by \(growth) bytes")
    }

    func testLimitIsConfigurableAndAppliesToTheScaledOutput() throws {
        let jpeg = try ImageEncoder.encode(TestImages.smooth(width: 1001, height: 753), as: .jpeg(quality: 80))
        var options = ImageDecodingOptions(pixelLimit: 200_000)
        XCTAssertThrowsError(try ImageDecoder.decode(jpeg, options: options)) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 1001, height: 753, limit: 200_000))
        }
        options.targetSize = PixelSize(width: 300, height: 200)
        let decoded = try ImageDecoder.decode(jpeg, options: options)
        XCTAssertEqual(decoded.image.pixelCount, 501 * 377)
    }

    func testPNGLimitIsConfigurable() throws {
        let png = try ImageEncoder.encode(TestImages.smooth(width: 20, height: 10), as: .png)
        XCTAssertNoThrow(try ImageDecoder.decode(png, options: ImageDecodingOptions(pixelLimit: 200)))
        XCTAssertThrowsError(try ImageDecoder.decode(png, options: ImageDecodingOptions(pixelLimit: 199))) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 20, height: 10, limit: 199))
        }
    }

    func testProgressiveJPEGsAreLimitedByTheirFullSizeCoefficientBuffer() throws {
        // At 1/8 the output is only 500 × 500, but libjpeg would first buffer the DCT
        // coefficients of all 4000 × 4000 pixels: 3 × 500 × 500 blocks of 128 bytes, 96 MB.
        let options = ImageDecodingOptions(targetSize: PixelSize(square: 500), pixelLimit: 1_000_000)
        let progressive = FlatBlockJPEGBuilder(width: 8, height: 8, components: 3, progressive: true).build { _, _, _ in 128 }
        XCTAssertThrowsError(
            try ImageDecoder.decode(
                JPEGSegments.declaringSize(width: 4000, height: 4000, in: progressive), options: options
            )
        ) { error in
            XCTAssertEqual(error as? ImageDecodingError, .tooLarge(width: 4000, height: 4000, limit: 1_000_000))
        }
        // A baseline JPEG of that size streams through a row of blocks at a time: the limit
        // passes, and the missing scan data is then reported for what it is.
        let baseline = FlatBlockJPEGBuilder(width: 8, height: 8, components: 3).build { _, _, _ in 128 }
        XCTAssertThrowsError(
            try ImageDecoder.decode(
                JPEGSegments.declaringSize(width: 4000, height: 4000, in: baseline), options: options
            )
        ) { error in
            XCTAssertEqual(
                error as? ImageDecodingError,
                .corrupt(format: .jpeg, reason: "Corrupt JPEG data: premature end of data segment"))
        }
    }
}
