public import Foundation

/// Where a manifest came from. It decides how paths in the manifest resolve and whether the
/// manifest may name local files.
public enum ManifestOrigin: Sendable, Hashable {
    /// A manifest read from disk; the associated value is the manifest's own file URL. Its entries
    /// may name local files, by `file:` URL or by path (relative paths start at the manifest's folder).
    case local(URL)
    /// A manifest fetched over http(s); the associated value is the URL it was fetched from.
    /// Its entries may not name local files; relative references resolve against this URL.
    case remote(URL)
}

extension ManifestOrigin {
    /// The manifest's path or URL, for messages.
    var displayName: String {
        switch self {
        case .local(let url): LocalPath(fileURL: url)?.readable ?? url.absoluteString
        case .remote(let url): url.absoluteString
        }
    }
}
