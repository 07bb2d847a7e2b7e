import Foundation
import SepiaDemoServer
import SepiaImaging
import XCTest

/// The JSON manifest gives each photo that arrives a ThumbHash and a BlurHash of its scene.
final class ManifestPlaceholderTests: XCTestCase {
    private struct Item: Decodable {
        let name: String
        let url: String
        let thumbhash: String?
        let blurHash: String?

        enum CodingKeys: String, CodingKey {
            case name, url, thumbhash
            case blurHash = "blur_hash"
        }
    }

    func testEveryPhotoThatArrivesHasPlaceholdersOfItsScene() async throws {
        try await withServer { server in
            let response = try await fetch(server.jsonURL)
            let items = try JSONDecoder().decode([Item].self, from: Data(response.body))
            XCTAssertEqual(items.map(\.name), server.catalog.entries.map(\.name))
            for (item, entry) in zip(items, server.catalog.entries) {
                switch entry.kind {
                case .photo, .slow, .progressive, .animated:
                    let thumbHash = try PhotoPlaceholder(thumbHashBase64: try XCTUnwrap(item.thumbhash, item.name))
                    let blurHash = PhotoPlaceholder.blurHash(try XCTUnwrap(item.blurHash, item.name))
                    XCTAssertNoThrow(try thumbHash.validate(), item.name)
                    XCTAssertNoThrow(try blurHash.validate(), item.name)
                    // The slow photo comes after ten minutes here: its hashes only validate.
                    guard entry.kind != .slow else { continue }
                    // The scene, drawn small: its placeholder has its average colour, roughly (an
                    // animation's first frame: what decoding it gives, and what its row shows).
                    let photo = try ImageDecoder.decode(try await fetch(try XCTUnwrap(server.url(for: entry))).body).image
                    let average = Self.average(photo)
                    for placeholder in [thumbHash, blurHash] {
                        let drawn = Self.average(try placeholder.image())
                        for channel in 0..<3 {
                            XCTAssertEqual(drawn[channel], average[channel], accuracy: 24, "\(item.name): \(placeholder)")
                        }
                    }
                    // Hashed from the scene drawn small, it draws close to the served photo's own
                    // ThumbHash (5 to 16 levels apart on these photos).
                    let ownHash = PhotoPlaceholder.thumbHash(ThumbHashEncoder.encode(photo))
                    XCTAssertLessThan(
                        try thumbHash.image().meanAbsoluteDifference(against: try ownHash.image()), 20, "\(item.name): \(thumbHash)")
                default:
                    XCTAssertNil(item.thumbhash, item.name)
                    XCTAssertNil(item.blurHash, item.name)
                }
            }
        }
    }

    /// The mean red, green and blue.
    private static func average(_ image: RGBAImage) -> [Double] {
        var sums = [0.0, 0.0, 0.0]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                sums[0] += Double(pixel.red)
                sums[1] += Double(pixel.green)
                sums[2] += Double(pixel.blue)
            }
        }
        return sums.map { $0 / Double(image.pixelCount) }
    }
}
