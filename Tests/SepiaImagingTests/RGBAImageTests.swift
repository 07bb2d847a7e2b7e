import XCTest

@testable import SepiaImaging

final class RGBAImageTests: XCTestCase {
    func testSolidColourAndPixelAccess() {
        var image = RGBAImage(width: 3, height: 2, red: 10, green: 20, blue: 30)
        XCTAssertEqual(image.pixels.count, 24)
        XCTAssertTrue(image.isOpaque)
        XCTAssertEqual(image.pixel(x: 2, y: 1).green, 20)
        image.setPixel(x: 1, y: 1, red: 1, green: 2, blue: 3, alpha: 4)
        XCTAssertEqual(image.pixel(x: 1, y: 1).alpha, 4)
        XCTAssertFalse(image.isOpaque)
    }

    func testCopiesShareUntilWritten() {
        let original = RGBAImage(width: 2, height: 2, red: 0, green: 0, blue: 0)
        var copy = original
        copy.setPixel(x: 0, y: 0, red: 255, green: 255, blue: 255)
        XCTAssertEqual(original.pixel(x: 0, y: 0).red, 0)
        XCTAssertEqual(copy.pixel(x: 0, y: 0).red, 255)
    }
}
