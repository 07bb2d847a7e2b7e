import SepiaDemoContent
import XCTest

@testable import SepiaImaging

final class PhotoGeneratorTests: XCTestCase {
    func testSameSeedSamePixelsOtherSeedOtherPixels() {
        let first = PhotoGenerator(seed: 11).render(width: 640, height: 480)
        XCTAssertEqual(first, PhotoGenerator(seed: 11).render(width: 640, height: 480))
        XCTAssertNotEqual(first, PhotoGenerator(seed: 12).render(width: 640, height: 480))
        XCTAssertTrue(first.isOpaque)
    }

    /// The scenes are meant to show off the sepia effect: strongly coloured, not grey.
    func testScenesAreColourful() {
        for seed: UInt64 in 0..<8 {
            let photo = PhotoGenerator(seed: seed).render(width: 320, height: 240)
            var saturated = 0
            for offset in stride(from: 0, to: photo.pixels.count, by: 4) {
                let channels = photo.pixels[offset..<offset + 3]
                if Int(channels.max()!) - Int(channels.min()!) > 60 { saturated += 1 }
            }
            XCTAssertGreaterThan(saturated, photo.pixelCount / 5, "seed \(seed) is too grey")
        }
    }
}
