import Foundation

/// The two manifests of a catalog, encoded once for the server's base URL.
struct ManifestDocuments: Sendable {
    /// One element of the JSON manifest.
    private struct JSONItem: Encodable {
        let name: String
        let url: String
    }

    /// ClassicPhotos' format: an XML property list whose root dictionary maps each name to
    /// its URL string (or `"NO URL"`).
    let propertyList: [UInt8]
    /// A JSON array of `{"name": …, "url": …}` objects, in catalog order.
    let json: [UInt8]

    init(catalog: DemoCatalog, baseURL: URL) throws {
        let urls = catalog.entries.map { ($0.name, $0.manifestURLString(relativeTo: baseURL)) }

        let propertyListEncoder = PropertyListEncoder()
        propertyListEncoder.outputFormat = .xml
        let dictionary = Dictionary(urls, uniquingKeysWith: { first, _ in first })
        propertyList = Array(try propertyListEncoder.encode(dictionary))

        let jsonEncoder = JSONEncoder()
        jsonEncoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        json = Array(try jsonEncoder.encode(urls.map { JSONItem(name: $0.0, url: $0.1) }))
    }
}
