import Foundation
public import SepiaImaging

/// One entry of a manifest: the name shown in the list, where the photo comes from, and the
/// placeholder the manifest gives for it, if any.
///
/// `ManifestParser` makes names unique within one manifest, so the name identifies the entry.
public struct PhotoEntry: Sendable, Hashable {
    /// The entry's title, never empty.
    public let name: String
    /// Where the photo's bytes come from, or why they cannot be fetched.
    public let location: PhotoLocation
    /// A BlurHash or ThumbHash to show until the photo arrives; `ManifestParser` keeps only
    /// one that validates (`PhotoPlaceholder.validate()`). Nil when the entry gives none.
    public let placeholder: PhotoPlaceholder?

    /// Makes an entry from a name, a location and, optionally, a placeholder.
    public init(name: String, location: PhotoLocation, placeholder: PhotoPlaceholder? = nil) {
        self.name = name
        self.location = location
        self.placeholder = placeholder
    }

    /// The same entry under another name.
    func renamed(_ newName: String) -> PhotoEntry {
        PhotoEntry(name: newName, location: location, placeholder: placeholder)
    }
}
