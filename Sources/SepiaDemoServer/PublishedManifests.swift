import Foundation
import SepiaImaging
import SepiaOperations

/// The manifests, published once the server knows its port (its base URL is in every
/// manifest line) and before it answers its first request.
final class PublishedManifests: Sendable {
    private let documents = Locked<ManifestDocuments?>(nil)

    /// Encodes the manifests of `catalog` for a server at `baseURL` serving photos of `photoSize`.
    func publish(catalog: DemoCatalog, baseURL: URL, photoSize: PixelSize) throws {
        let encoded = try ManifestDocuments(catalog: catalog, baseURL: baseURL, photoSize: photoSize)
        documents.withLock { $0 = encoded }
    }

    /// The published manifests; nil before `publish`.
    var current: ManifestDocuments? {
        documents.withLock { $0 }
    }
}
