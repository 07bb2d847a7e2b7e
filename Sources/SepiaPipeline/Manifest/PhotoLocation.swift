public import Foundation

/// Where a photo's bytes come from, as worked out from one manifest entry: a web address, a
/// local file, or the reason the entry cannot become a download.
///
/// Kept as its kind and one string, not as a `URL`: a `URL` costs about 430 bytes on Linux,
/// and a manifest of a million entries would spend 430 MB on them before any photo. ``url`` makes
/// the `URL` when a download needs it.
public struct PhotoLocation: Sendable, Hashable, CustomStringConvertible {
    /// What kind of location it is.
    public enum Kind: Sendable, Hashable {
        /// An absolute `http` or `https` URL with a host.
        case remote
        /// A local file, as an absolute, standardized file URL. Only a local manifest yields this.
        case file
        /// The entry cannot become a download; its photo is failed from the start.
        case invalid
    }

    /// What kind of location it is.
    public let kind: Kind
    /// The absolute URL string (remote, file), or the reason (invalid).
    private let text: String

    private init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// An absolute `http` or `https` URL with a host.
    public static func remote(_ url: URL) -> PhotoLocation {
        PhotoLocation(kind: .remote, text: url.absoluteString)
    }

    /// A local file, as an absolute, standardized file URL.
    public static func file(_ url: URL) -> PhotoLocation {
        PhotoLocation(kind: .file, text: url.absoluteString)
    }

    /// An entry that cannot become a download, failed from the start with `reason`, a sentence
    /// such as `"NO URL" is not a URL: it has no scheme such as https:// and is not a file path`.
    public static func invalid(reason: String) -> PhotoLocation {
        PhotoLocation(kind: .invalid, text: reason)
    }

    /// The URL to fetch the photo from; nil for an invalid entry.
    public var url: URL? {
        kind == .invalid ? nil : URL(string: text)
    }

    /// The absolute URL as text (what ``url`` parses), without making a `URL`; nil for an invalid entry.
    public var urlString: String? {
        kind == .invalid ? nil : text
    }

    /// Why the entry cannot become a download; nil unless it is invalid.
    public var invalidReason: String? {
        kind == .invalid ? text : nil
    }

    /// Whether the entry cannot become a download.
    public var isInvalid: Bool { kind == .invalid }

    /// Whether the bytes come over the network.
    public var isRemote: Bool { kind == .remote }

    /// `remote(URL)`, `file(URL)` or `invalid(reason: "…")`, as the cases read (output names
    /// of colliding entries are derived from it, so it must stay the same from version to version).
    public var description: String {
        switch kind {
        case .remote: "remote(\(text))"
        case .file: "file(\(text))"
        case .invalid: "invalid(reason: \(text.debugDescription))"
        }
    }
}
