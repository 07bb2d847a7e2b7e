import Foundation

/// One entry of a manifest: the name shown in the list and where the photo comes from.
///
/// `ManifestParser` makes names unique within one manifest, so the name identifies the entry.
public struct PhotoEntry: Sendable, Hashable {
    /// The entry's title, never empty.
    public let name: String
    /// Where the photo's bytes come from, or why they cannot be fetched.
    public let location: PhotoLocation

    /// Makes an entry from a name and a location.
    public init(name: String, location: PhotoLocation) {
        self.name = name
        self.location = location
    }
}
