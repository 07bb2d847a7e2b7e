import Foundation
import SepiaDemoContent
import XCTest

@testable import SepiaImaging

/// BlurHash and ThumbHash without a reference: sizes, round trips, and damaged hashes.
final class PlaceholderTests: XCTestCase {
    // MARK: Sizes

    func testABlurHashIsDrawnAtThePhotosAspectOrFourToThree() throws {
        let hash = PhotoPlaceholder.blurHash(BlurHashEncoder.encode(TestImages.smooth(width: 40, height: 30)))
        XCTAssertEqual(try hash.image().size, PixelSize(width: 32, height: 24))
        XCTAssertEqual(try hash.image(aspectRatio: 0.5).size, PixelSize(width: 16, height: 32))
        XCTAssertEqual(try hash.image(aspectRatio: 3, longSide: 60).size, PixelSize(width: 60, height: 20))
        XCTAssertEqual(try hash.image(aspectRatio: .nan).size, PixelSize(width: 32, height: 24))
    }

    func testAThumbHashCarriesItsAspectRatio() throws {
        let wide = try ThumbHash(ThumbHashEncoder.encode(TestImages.smooth(width: 100, height: 50)))
        XCTAssertEqual(wide.aspectRatio, 7.0 / 4.0)
        XCTAssertEqual(
            try PhotoPlaceholder.thumbHash(ThumbHashEncoder.encode(TestImages.smooth(width: 100, height: 50))).image().size,
            PixelSize(width: 32, height: 18))
        let tall = try PhotoPlaceholder.thumbHash(ThumbHashEncoder.encode(TestImages.smooth(width: 30, height: 90))).image(aspectRatio: 4)
        XCTAssertEqual(tall.size, PixelSize(width: 9, height: 32), "a ThumbHash ignores the aspect ratio it is given")
    }

    // MARK: Round trips

    func testABlurHashOfOneColourDrawsThatColour() throws {
        let colour = RGBAImage(width: 20, height: 10, red: 200, green: 120, blue: 40)
        let text = BlurHashEncoder.encode(colour, columns: 1, rows: 1)
        XCTAssertEqual(text.count, 6)
        let drawn = try PhotoPlaceholder.blurHash(text).image()
        XCTAssertEqual(drawn.pixel(x: 5, y: 5).red, 200)
        XCTAssertEqual(drawn.pixel(x: 17, y: 3).green, 120)
        XCTAssertEqual(drawn.pixel(x: 31, y: 23).blue, 40)
        XCTAssertTrue(drawn.isOpaque)
    }

    func testAThumbHashRoundTripLooksLikeThePhotoAtThumbnailScale() throws {
        for seed in [UInt64(3), 11, 42] {
            let photo = PhotoGenerator(seed: seed).render(width: 640, height: 480)
            let hash = ThumbHashEncoder.encode(photo)
            XCTAssertLessThanOrEqual(hash.count, 25, "an opaque landscape ThumbHash is 5 + 16 bytes")
            let drawn = try PhotoPlaceholder.thumbHash(hash).image()
            let thumbnail = photo.resized(to: drawn.size)
            // A DCT of 7×5 components is a blur: compare averages over 4×4 blocks, where it holds.
            XCTAssertLessThan(Self.blockDifference(drawn, thumbnail, block: 8), 24, "seed \(seed)")
            XCTAssertLessThan(Self.averageDifference(drawn, thumbnail), 6, "seed \(seed): the average colour")
            XCTAssertTrue(drawn.isOpaque)
        }
    }

    func testABlurHashRoundTripLooksLikeThePhotoAtThumbnailScale() throws {
        let photo = PhotoGenerator(seed: 5).render(width: 160, height: 120)
        let drawn = try PhotoPlaceholder.blurHash(BlurHashEncoder.encode(photo, columns: 5, rows: 4)).image()
        let thumbnail = photo.resized(to: drawn.size)
        XCTAssertLessThan(Self.blockDifference(drawn, thumbnail, block: 8), 28)
        XCTAssertLessThan(Self.averageDifference(drawn, thumbnail), 8)
    }

    func testAThumbHashKeepsTransparency() throws {
        var image = TestImages.smooth(width: 60, height: 60)
        for y in 0..<60 {
            for x in 30..<60 {
                let pixel = image.pixel(x: x, y: y)
                image.setPixel(x: x, y: y, red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: 0)
            }
        }
        let drawn = try PhotoPlaceholder.thumbHash(ThumbHashEncoder.encode(image)).image()
        XCTAssertGreaterThan(drawn.pixel(x: 2, y: 16).alpha, 200)
        XCTAssertLessThan(drawn.pixel(x: 29, y: 16).alpha, 55)
    }

    // MARK: Damaged hashes

    func testBadBlurHashesThrowClearErrors() {
        let good = BlurHashEncoder.encode(TestImages.smooth(width: 40, height: 30))
        XCTAssertNoThrow(try PhotoPlaceholder.blurHash(good).validate())
        XCTAssertEqual(Self.error(.blurHash(String(good.dropLast()))), .wrongLength(kind: .blurHash, expected: 28, found: 27))
        XCTAssertEqual(Self.error(.blurHash(good + "0")), .wrongLength(kind: .blurHash, expected: 28, found: 29))
        XCTAssertEqual(Self.error(.blurHash("")), .wrongLength(kind: .blurHash, expected: 6, found: 0))
        XCTAssertEqual(Self.error(.blurHash(String(good.prefix(5)) + "é" + good.dropFirst(6))), .invalidCharacter("é", offset: 5))
        XCTAssertEqual(Self.error(.blurHash(String(good.prefix(3)) + " " + good.dropFirst(4))), .invalidCharacter(" ", offset: 3))
        // "~~~~" is 83⁴ − 1: more than 24 bits of colour.
        XCTAssertEqual(Self.error(.blurHash("00~~~~")), .outOfRange(kind: .blurHash, detail: "its average colour has more than 24 bits"))
        // "~~" is 83² − 1 = 6888, above 19³ − 1.
        XCTAssertEqual(Self.error(.blurHash("1000000~~")), .wrongLength(kind: .blurHash, expected: 8, found: 9))
        XCTAssertEqual(Self.error(.blurHash("100000~~")), .outOfRange(kind: .blurHash, detail: "component 2 is above 18 steps"))
        XCTAssertEqual(
            PlaceholderError.invalidCharacter("é", offset: 5).description,
            "The BlurHash has U+E9 at character 6, which is not in its base-83 alphabet.")
        XCTAssertEqual(
            PlaceholderError.wrongLength(kind: .blurHash, expected: 28, found: 27).description,
            "The BlurHash has 27 characters where 28 are expected.")
    }

    func testBadThumbHashesThrowClearErrors() throws {
        let good = ThumbHashEncoder.encode(TestImages.smooth(width: 40, height: 30))
        XCTAssertNoThrow(try PhotoPlaceholder.thumbHash(good).validate())
        XCTAssertEqual(Self.error(.thumbHash(good.dropLast())), .wrongLength(kind: .thumbHash, expected: good.count, found: good.count - 1))
        XCTAssertEqual(Self.error(.thumbHash(good + [0])), .wrongLength(kind: .thumbHash, expected: good.count, found: good.count + 1))
        XCTAssertEqual(Self.error(.thumbHash(Data([1, 2, 3]))), .wrongLength(kind: .thumbHash, expected: 5, found: 3))
        var noRows = good
        noRows[3] &= 0xF8
        XCTAssertEqual(
            Self.error(.thumbHash(noRows)), .outOfRange(kind: .thumbHash, detail: "it has no luminance components along one side"))
        XCTAssertThrowsError(try PhotoPlaceholder(thumbHashBase64: "not base64!")) { error in
            XCTAssertEqual(error as? PlaceholderError, .invalidBase64)
        }
        XCTAssertEqual(PlaceholderError.invalidBase64.description, "The ThumbHash is not base64 text.")
    }

    func testThumbHashBase64MayBeURLSafeAndUnpadded() throws {
        let bytes = Data([0xFB, 0xFF, 0x3E, 0x01, 0x02])
        let standard = bytes.base64EncodedString()
        XCTAssertEqual(standard, "+/8+AQI=")
        XCTAssertEqual(try PhotoPlaceholder(thumbHashBase64: standard), .thumbHash(bytes))
        XCTAssertEqual(try PhotoPlaceholder(thumbHashBase64: "-_8-AQI"), .thumbHash(bytes))
    }

    // MARK: Helpers

    private static func error(_ placeholder: PhotoPlaceholder) -> PlaceholderError? {
        do {
            try placeholder.validate()
            _ = try placeholder.image()
            return nil
        } catch {
            return error
        }
    }

    /// The mean absolute difference of the colour channels' averages over blocks of `block`
    /// pixels.
    private static func blockDifference(_ left: RGBAImage, _ right: RGBAImage, block: Int) -> Double {
        var total = 0.0
        var count = 0
        for top in stride(from: 0, to: left.height, by: block) {
            for leading in stride(from: 0, to: left.width, by: block) {
                for channel in 0..<3 {
                    var (sumLeft, sumRight, pixels) = (0, 0, 0)
                    for y in top..<min(top + block, left.height) {
                        for x in leading..<min(leading + block, left.width) {
                            let offset = y * left.width * 4 + x * 4 + channel
                            sumLeft += Int(left.pixels[offset])
                            sumRight += Int(right.pixels[offset])
                            pixels += 1
                        }
                    }
                    total += abs(Double(sumLeft - sumRight)) / Double(pixels)
                    count += 1
                }
            }
        }
        return total / Double(count)
    }

    /// The largest difference of the whole pictures' average red, green or blue.
    private static func averageDifference(_ left: RGBAImage, _ right: RGBAImage) -> Double {
        blockDifference(left, right, block: max(left.width, left.height))
    }
}
