import Foundation
import SepiaImaging

/// The two manifests of a catalog, encoded once for the server's base URL.
struct ManifestDocuments: Sendable {
    /// One element of the JSON manifest: a good photo's has its placeholders, under the names
    /// image APIs use (`thumbhash`; Unsplash's `blur_hash`).
    private struct JSONItem: Encodable {
        let name: String
        let url: String
        let thumbhash: String?
        let blurHash: String?

        enum CodingKeys: String, CodingKey {
            case name, url, thumbhash
            case blurHash = "blur_hash"
        }
    }

    /// ClassicPhotos' format: an XML property list whose root dictionary maps each name to
    /// its URL string (or `"NO URL"`).
    let propertyList: [UInt8]
    /// A JSON array of `{"name": …, "url": …}` objects, in catalog order; a good photo's
    /// also has `"thumbhash"` (base64) and `"blur_hash"`: placeholders of the scene it shows.
    /// (The property list, a dictionary of name → URL, has no room for them.)
    let json: [UInt8]

    /// Encodes the manifests of `catalog` for a server at `baseURL` serving photos of `photoSize`.
    init(catalog: DemoCatalog, baseURL: URL, photoSize: PixelSize) throws {
        let urls = catalog.entries.map { ($0.name, $0.manifestURLString(relativeTo: baseURL)) }

        let propertyListEncoder = PropertyListEncoder()
        propertyListEncoder.outputFormat = .xml
        let dictionary = Dictionary(urls, uniquingKeysWith: { first, _ in first })
        propertyList = Array(try propertyListEncoder.encode(dictionary))

        let jsonEncoder = JSONEncoder()
        jsonEncoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let placeholders = catalog.placeholders(photoSize: photoSize)
        let items = zip(urls, placeholders).map { url, placeholder in
            JSONItem(name: url.0, url: url.1, thumbhash: placeholder?.thumbHash, blurHash: placeholder?.blurHash)
        }
        json = Array(try jsonEncoder.encode(items))
    }
}
