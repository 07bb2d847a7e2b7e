import CGtk
import SepiaImaging
import XCTest

@testable import SepiaDesktop

/// A thumbnail's texture holds the image's pixels, in their order and colours.
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
}
