import Foundation

/// One row of a manifest: the name shown in the list and where the photo comes from.
///
/// `ManifestParser` makes names unique within one manifest, so the name identifies the row.
public struct PhotoEntry: Sendable, Hashable {
    /// The row's title, never empty.
    public let name: String
    /// Where the photo's bytes come from, or why they cannot be fetched.
    public let location: PhotoLocation

    /// Makes a row from a name and a location.
    public init(name: String, location: PhotoLocation) {
        self.name = name
        self.location = location
    }
}
