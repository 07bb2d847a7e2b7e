import CGtk
import SepiaImaging
import XCTest

@testable import SepiaDesktop

/// A thumbnail's texture holds the image's pixels, in their order and colours, framed in the
/// thumbnail's box.
final class ThumbnailTextureTests: XCTestCase {
    func testATextureHoldsTheImagesPixels() {
        MainActor.assumeIsolated {
            // Red, green, blue and half-transparent white in a 2×2 image with padded rows.
            let image = RGBAImage(
                width: 2, height: 2, bytesPerRow: 12,
                pixels: [255, 0, 0, 255, 0, 255, 0, 255, 9, 9, 9, 9, 0, 0, 255, 255, 255, 255, 255, 128, 9, 9, 9, 9])
            guard let texture = Thumbnails.texture(of: image) else { return XCTFail("GDK refused the texture") }
            defer { g_object_unref(texture.object) }
            XCTAssertEqual(gdk_texture_get_width(texture), 2)
            XCTAssertEqual(gdk_texture_get_height(texture), 2)
            // gdk_texture_download gives premultiplied BGRA in native order (cairo's ARGB32).
            var downloaded = [UInt8](repeating: 0, count: 16)
            gdk_texture_download(texture, &downloaded, 8)
            XCTAssertEqual(Array(downloaded[0..<4]), [0, 0, 255, 255], "red")
            XCTAssertEqual(Array(downloaded[4..<8]), [0, 255, 0, 255], "green")
            XCTAssertEqual(Array(downloaded[8..<12]), [255, 0, 0, 255], "blue")
            XCTAssertEqual(Array(downloaded[12..<16]), [128, 128, 128, 128], "white at half alpha, premultiplied")
        }
    }

    /// A photo wider (or taller) than the box's shape sits in the middle of a transparent
    /// picture of the box's size; one of the box's size is left as it is.
    func testAThumbnailIsFramedInTheBoxsShape() {
        let box = PixelSize(width: 4, height: 4)
        // 4×2 opaque red with padded rows, 2×4 opaque green.
        let wide = RGBAImage(
            width: 4, height: 2, bytesPerRow: 20, pixels: Array(repeating: [255, 0, 0, 255], count: 5 * 2).flatMap { $0 })
        let framedWide = Thumbnails.framed(wide, in: box)
        XCTAssertEqual([framedWide.width, framedWide.height], [4, 4])
        for y in 0..<4 {
            let row = Array(framedWide.pixels[(y * framedWide.bytesPerRow)..<(y * framedWide.bytesPerRow + 16)])
            XCTAssertEqual(row, (y == 1 || y == 2 ? [255, 0, 0, 255] : [0, 0, 0, 0]).repeated(4), "row \(y)")
        }
        let tall = RGBAImage(width: 2, height: 4, red: 0, green: 255, blue: 0)
        let framedTall = Thumbnails.framed(tall, in: box)
        for y in 0..<4 {
            let row = Array(framedTall.pixels[(y * framedTall.bytesPerRow)..<(y * framedTall.bytesPerRow + 16)])
            XCTAssertEqual(row, [0, 0, 0, 0] + [0, 255, 0, 255].repeated(2) + [0, 0, 0, 0], "row \(y)")
        }
        let square = RGBAImage(width: 4, height: 4, red: 1, green: 2, blue: 3)
        XCTAssertEqual(Thumbnails.framed(square, in: box), square)
    }
}

extension Array where Element == UInt8 {
    /// The bytes `count` times over.
    fileprivate func repeated(_ count: Int) -> [UInt8] { (0..<count).flatMap { _ in self } }
}
