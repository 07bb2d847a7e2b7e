import SepiaImaging
import XCTest

final class ImageMemoryTests: XCTestCase {
    /// glibc accepts both settings (this suite runs on Linux with glibc only), and images
    /// allocated afterwards still work.
    func testGlibcAcceptsTheSettings() {
        XCTAssertTrue(ImageMemory.keepFreedBuffers())
        let image = RGBAImage(width: 1200, height: 900, red: 10, green: 20, blue: 30)
        XCTAssertEqual(image.applying(.sepia()).pixel(x: 1199, y: 899).alpha, 255)
    }
}
